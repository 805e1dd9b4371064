import { CoalescingPublisher } from './coalescing-publisher';

/** A send the test completes by hand, recording each batch it was given. */
function manualSend() {
  const batches: number[][] = [];
  const pending: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  const send = (items: number[]) => {
    batches.push(items);
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  };
  const settle = async (how: 'ok' | Error = 'ok') => {
    const next = pending.shift()!;
    if (how === 'ok') next.resolve();
    else next.reject(how);
    await new Promise((r) => setImmediate(r));
  };
  return { send, batches, settle };
}

describe('CoalescingPublisher', () => {
  it('sends a lone item at once', () => {
    const { send, batches } = manualSend();
    void new CoalescingPublisher(send).add(1);
    expect(batches).toEqual([[1]]);
  });

  it('gathers the items that arrive during a send into the next one, in order', async () => {
    const { send, batches, settle } = manualSend();
    const publisher = new CoalescingPublisher(send);
    const done = [1, 2, 3, 4].map((n) => publisher.add(n));
    expect(batches).toEqual([[1]]);
    await settle();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await settle();
    await expect(Promise.all(done)).resolves.toEqual([undefined, undefined, undefined, undefined]);
  });

  it('splits a backlog into batches of at most maxBatch', async () => {
    const { send, batches, settle } = manualSend();
    const publisher = new CoalescingPublisher(send, 2);
    [1, 2, 3, 4, 5, 6].forEach((n) => void publisher.add(n));
    await settle();
    await settle();
    await settle();
    expect(batches).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('rejects exactly the items of a failed send and carries on with the next', async () => {
    const { send, settle } = manualSend();
    const publisher = new CoalescingPublisher(send);
    const first = publisher.add(1).catch((err: Error) => err.message);
    const second = publisher.add(2);
    const third = publisher.add(3);
    await settle(new Error('broker away'));
    expect(await first).toBe('broker away');
    await settle();
    await expect(Promise.all([second, third])).resolves.toBeDefined();
  });

  it('turns a send that throws synchronously into rejections', async () => {
    const publisher = new CoalescingPublisher<number>(() => {
      throw new Error('refused: schema');
    });
    await expect(publisher.add(1)).rejects.toThrow('refused: schema');
    await expect(publisher.add(2)).rejects.toThrow('refused: schema');
  });
});
