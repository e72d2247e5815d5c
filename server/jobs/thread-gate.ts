import { FairShare, type ShareHolder, type ShareLimits } from './fair-share';

/** The reason the signal was aborted with, as an Error (AbortSignal types it `any`). */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error(`aborted: ${String(reason)}`);
}

interface Waiter {
  grant: (release: () => void) => void;
}

/**
 * Worker threads handed out fairly (FairShare): at most `total` at a time, at most `perTenant` to
 * one tenant and `perAccount` to one account; waiting tenants take turns, then accounts inside a
 * tenant, each account's jobs in arrival order. The pool dispatcher keeps more jobs in flight than
 * there are threads, so one job's database work (claim, prepare, commit) overlaps another's
 * computation; only the computation holds a thread.
 */
export class ThreadGate {
  private readonly share: FairShare<Waiter>;

  constructor(limits: ShareLimits) {
    this.share = new FairShare(limits);
  }

  /** Resolves with a release function once a thread is free for `holder`; rejects if `signal` aborts first. */
  acquire(holder: ShareHolder, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        this.share.remove(holder, waiter);
        reject(abortReason(signal));
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.share.push(holder, waiter);
      this.grant();
    });
  }

  private grant(): void {
    for (let next = this.share.take(); next; next = this.share.take()) {
      const { holder, item } = next;
      let released = false;
      item.grant(() => {
        if (released) return;
        released = true;
        this.share.release(holder);
        this.grant();
      });
    }
  }
}
