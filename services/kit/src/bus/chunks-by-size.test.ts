import { chunksBySize } from './bus';

const msg = (bytes: number) => ({ value: 'x'.repeat(bytes) });
const sizes = (chunks: Array<Array<{ value: string }>>) => chunks.map((c) => c.map((m) => m.value.length));

describe('chunksBySize', () => {
  it('keeps order and fills each chunk up to the limit', () => {
    expect(sizes(chunksBySize([msg(4), msg(4), msg(4), msg(1)], 8))).toEqual([[4, 4], [4, 1]]);
  });

  it('sends a message larger than the limit on its own', () => {
    expect(sizes(chunksBySize([msg(2), msg(20), msg(2)], 8))).toEqual([[2], [20], [2]]);
  });

  it('counts bytes, not characters', () => {
    expect(chunksBySize([{ value: 'ř'.repeat(3) }, { value: 'ř'.repeat(3) }], 8)).toHaveLength(2);
  });

  it('answers nothing for nothing', () => {
    expect(chunksBySize([], 8)).toEqual([]);
  });
});
