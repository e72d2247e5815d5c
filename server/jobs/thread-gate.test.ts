import { describe, expect, it } from 'vitest';
import { ThreadGate } from './thread-gate';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** An account that is its own tenant. */
const solo = (accountId: number) => ({ tenantId: accountId, accountId });

/** Asks `gate` for threads under names; records the order they are granted in and keeps each one's release. */
function grants(gate: ThreadGate) {
  const order: string[] = [];
  const releases = new Map<string, () => void>();
  const ask = (ids: { tenantId: number; accountId: number }, name: string) =>
    void gate.acquire(ids).then((release) => {
      order.push(name);
      releases.set(name, release);
    });
  return { order, ask, release: (name: string) => releases.get(name)!() };
}

describe('ThreadGate', () => {
  it('hands out at most total threads and at most perAccount to one account, the account served least recently first', async () => {
    const gate = new ThreadGate({ total: 2, perTenant: 1, perAccount: 1 });
    const { order, release, ask: askAs } = grants(gate);
    const ask = (account: number, name: string) => askAs(solo(account), name);
    ask(1, 'a1');
    ask(1, 'a2');
    ask(1, 'a3');
    ask(2, 'b1');
    ask(3, 'c1');
    await settle();
    // One thread for account 1, the other for account 2 (account 1 is at its share).
    expect(order).toEqual(['a1', 'b1']);
    release('a1');
    await settle();
    // Account 3 was never served: its turn comes before account 1's second one.
    expect(order).toEqual(['a1', 'b1', 'c1']);
    release('b1');
    await settle();
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2']);
    // Releasing twice frees one thread only: a3 still waits for account 1's share.
    release('c1');
    release('c1');
    await settle();
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2']);
    release('a2');
    await settle();
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('drops a waiter whose signal aborts, and refuses an aborted signal at once', async () => {
    const gate = new ThreadGate({ total: 1, perTenant: 1, perAccount: 1 });
    const first = await gate.acquire(solo(1));
    const controller = new AbortController();
    const waiting = gate.acquire(solo(2), controller.signal);
    controller.abort(new Error('canceled'));
    await expect(waiting).rejects.toThrow('canceled');
    await expect(gate.acquire(solo(3), controller.signal)).rejects.toThrow('canceled');
    // The aborted waiter does not hold the thread the first one frees.
    let granted = false;
    void gate.acquire(solo(4)).then(() => (granted = true));
    first();
    await settle();
    expect(granted).toBe(true);
  });

  it('shares per tenant first: a tenant flooding from its root and a branch holds one share, and its accounts take turns inside it', async () => {
    const gate = new ThreadGate({ total: 2, perTenant: 1, perAccount: 1 });
    const { order, release, ask: askAs } = grants(gate);
    const ask = (tenantId: number, accountId: number, name: string) => askAs({ tenantId, accountId }, name);
    // Tenant 10 floods from its root (10) and a branch (11); tenant 20 arrives after the flood.
    for (let i = 1; i <= 3; i++) ask(10, 10, `root${i}`);
    for (let i = 1; i <= 3; i++) ask(10, 11, `branch${i}`);
    ask(20, 20, 'other');
    await settle();
    // Tenant 10 gets one thread (its share), not one per account: the other thread is tenant 20's.
    expect(order).toEqual(['root1', 'other']);
    release('root1');
    await settle();
    // Inside tenant 10 the branch has its turn before the root's second job.
    expect(order).toEqual(['root1', 'other', 'branch1']);
    release('other');
    await settle();
    // Tenant 10 is at its share: the free thread waits for a tenant below it.
    expect(order).toEqual(['root1', 'other', 'branch1']);
    release('branch1');
    await settle();
    expect(order).toEqual(['root1', 'other', 'branch1', 'root2']);
  });
});
