import { RANGES, SlotRanges } from './slot-ranges';

describe('SlotRanges', () => {
  it('keeps every slot’s ranges through growth and overwrites, and knows the slots it lacks', () => {
    const table = new SlotRanges(4);
    const slots = Array.from({ length: 5000 }, (_, i) => i * 7919 + (i % 3));
    slots.forEach((slot, i) => table.set(slot, i, i + 1, -i, Infinity));
    table.set(slots[10], 1, 2, 3, 4);
    slots.forEach((slot, i) => {
      const at = table.find(slot) * RANGES;
      expect(Array.from(table.values.subarray(at, at + RANGES))).toEqual(i === 10 ? [1, 2, 3, 4] : [i, i + 1, -i, Infinity]);
    });
    expect(table.find(1)).toBe(-1);
    expect(table.find(slots[4999] + 1)).toBe(-1);
  });
});
