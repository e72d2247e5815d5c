import { describe, expect, it } from 'vitest';
import { ThreadGate } from './thread-gate';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ThreadGate', () => {
  it('hands out at most size threads and at most perAccount to one account, accounts taking turns', async () => {
    const gate = new ThreadGate(2, 1);
    const order: string[] = [];
    const releases = new Map<string, () => void>();
    const ask = (account: number, name: string) =>
      void gate.acquire(account).then((release) => {
        order.push(name);
        releases.set(name, release);
      });
    ask(1, 'a1');
    ask(1, 'a2');
    ask(1, 'a3');
    ask(2, 'b1');
    ask(3, 'c1');
    await settle();
    // One thread for account 1, the other for account 2 (account 1 is at its share).
    expect(order).toEqual(['a1', 'b1']);
    releases.get('a1')!();
    await settle();
    // Account 1 started waiting again (a2) before account 3 did: it goes first, within its share.
    expect(order).toEqual(['a1', 'b1', 'a2']);
    releases.get('b1')!();
    await settle();
    // Account 1 is at its share: the free thread goes to account 3.
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1']);
    // Releasing twice frees one thread only: a3 still waits for account 1's share.
    releases.get('c1')!();
    releases.get('c1')!();
    await settle();
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1']);
    releases.get('a2')!();
    await settle();
    expect(order).toEqual(['a1', 'b1', 'a2', 'c1', 'a3']);
  });

  it('drops a waiter whose signal aborts, and refuses an aborted signal at once', async () => {
    const gate = new ThreadGate(1, 1);
    const first = await gate.acquire(1);
    const controller = new AbortController();
    const waiting = gate.acquire(2, controller.signal);
    controller.abort(new Error('canceled'));
    await expect(waiting).rejects.toThrow('canceled');
    await expect(gate.acquire(3, controller.signal)).rejects.toThrow('canceled');
    // The aborted waiter does not hold the thread the first one frees.
    let granted = false;
    void gate.acquire(4).then(() => (granted = true));
    first();
    await settle();
    expect(granted).toBe(true);
  });
});
