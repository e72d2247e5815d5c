/**
 * Worker threads handed out fairly: at most `size` at a time and at most `perAccount` to one
 * account; waiting accounts take turns (round robin), each account's jobs in arrival order. The pool
 * dispatcher keeps more jobs in flight than there are threads, so one job's database work (claim,
 * prepare, commit) overlaps another's computation; only the computation holds a thread.
 */
export class ThreadGate {
  private readonly waiting = new Map<number, { grant: (release: () => void) => void; fail: (error: unknown) => void }[]>();
  private readonly heldByAccount = new Map<number, number>();
  private held = 0;

  constructor(
    private readonly size: number,
    private readonly perAccount: number,
  ) {}

  /** Resolves with a release function once a thread is free for `accountId`; rejects if `signal` aborts first. */
  acquire(accountId: number, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const waiter = {
        grant: (release: () => void) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        fail: reject,
      };
      const onAbort = () => {
        const queue = this.waiting.get(accountId);
        const index = queue?.indexOf(waiter) ?? -1;
        if (queue && index >= 0) {
          queue.splice(index, 1);
          if (queue.length === 0) this.waiting.delete(accountId);
        }
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.waiting.get(accountId);
      if (queue) queue.push(waiter);
      else this.waiting.set(accountId, [waiter]);
      this.grant();
    });
  }

  private grant(): void {
    while (this.held < this.size) {
      let granted = false;
      for (const [accountId, queue] of this.waiting) {
        if ((this.heldByAccount.get(accountId) ?? 0) >= this.perAccount) continue;
        const waiter = queue.shift()!;
        // The account served moves to the back of the turn order.
        this.waiting.delete(accountId);
        if (queue.length > 0) this.waiting.set(accountId, queue);
        this.held += 1;
        this.heldByAccount.set(accountId, (this.heldByAccount.get(accountId) ?? 0) + 1);
        let released = false;
        waiter.grant(() => {
          if (released) return;
          released = true;
          this.held -= 1;
          const count = (this.heldByAccount.get(accountId) ?? 1) - 1;
          if (count === 0) this.heldByAccount.delete(accountId);
          else this.heldByAccount.set(accountId, count);
          this.grant();
        });
        granted = true;
        break;
      }
      if (!granted) return;
    }
  }
}
