/** Whose an item is: its account and that account's tenant (the root of its account tree). */
export interface ShareHolder {
  tenantId: number;
  accountId: number;
}

/** How many items may be held at once: in all, by one tenant, by one account. */
export interface ShareLimits {
  total: number;
  perTenant: number;
  perAccount: number;
}

/**
 * Items waiting for a limited resource (worker threads, jobs in flight), handed out fairly: tenants
 * take turns (round robin), inside a tenant its accounts take turns, each account's items in arrival
 * order. A tenant that spreads its work over its branches still gets one tenant's turn and share,
 * and a tenant's own branches are not starved by its root.
 */
interface Turn<T> {
  /** When it was last served (a counter); 0: never. */
  servedAt: number;
  entries: T;
}

export class FairShare<T> {
  /**
   * tenant -> account -> items. Whoever was served least recently goes first (never served: first of
   * all, in arrival order). An entry stays, empty, while its tenant or account holds items, so that
   * one served a moment ago keeps its place at the back when it asks again.
   */
  private readonly waiting = new Map<number, Turn<Map<number, Turn<T[]>>>>();
  private readonly heldByTenant = new Map<number, number>();
  private readonly heldByAccount = new Map<number, number>();
  private heldCount = 0;
  private waitingItems = 0;
  private clock = 0;

  constructor(private readonly limits: ShareLimits) {}

  get held(): number {
    return this.heldCount;
  }

  get waitingCount(): number {
    return this.waitingItems;
  }

  push(holder: ShareHolder, item: T): void {
    let tenant = this.waiting.get(holder.tenantId);
    if (!tenant) {
      tenant = { servedAt: 0, entries: new Map() };
      this.waiting.set(holder.tenantId, tenant);
    }
    const account = tenant.entries.get(holder.accountId);
    if (account) account.entries.push(item);
    else tenant.entries.set(holder.accountId, { servedAt: 0, entries: [item] });
    this.waitingItems += 1;
  }

  /** Takes a waiting item out of line; false when it was not waiting. */
  remove(holder: ShareHolder, item: T): boolean {
    const queue = this.waiting.get(holder.tenantId)?.entries.get(holder.accountId)?.entries;
    const index = queue?.indexOf(item) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    this.waitingItems -= 1;
    this.forgetIdle(holder);
    return true;
  }

  /** Whether an item of this holder pushed now would be taken at once (nothing waits, room in every share). */
  wouldTakeAtOnce(holder: ShareHolder): boolean {
    return this.waitingItems === 0 && this.hasRoom(holder);
  }

  private hasRoom(holder: ShareHolder): boolean {
    return (
      this.heldCount < this.limits.total &&
      (this.heldByTenant.get(holder.tenantId) ?? 0) < this.limits.perTenant &&
      (this.heldByAccount.get(holder.accountId) ?? 0) < this.limits.perAccount
    );
  }

  /** The account of a tenant whose turn it is: below its share, with items waiting, served least recently. */
  private nextAccount(tenant: Turn<Map<number, Turn<T[]>>>): [number, Turn<T[]>] | undefined {
    let next: [number, Turn<T[]>] | undefined;
    for (const [accountId, account] of tenant.entries) {
      if (account.entries.length === 0 || (this.heldByAccount.get(accountId) ?? 0) >= this.limits.perAccount) continue;
      if (!next || account.servedAt < next[1].servedAt) next = [accountId, account];
    }
    return next;
  }

  /**
   * The next item in turn whose tenant and account are below their shares; it is then held (until
   * `release`). Undefined when nothing may start now.
   */
  take(): { holder: ShareHolder; item: T } | undefined {
    if (this.heldCount >= this.limits.total || this.waitingItems === 0) return undefined;
    let next:
      { tenantId: number; tenant: Turn<Map<number, Turn<T[]>>>; accountId: number; account: Turn<T[]> } | undefined;
    for (const [tenantId, tenant] of this.waiting) {
      if ((this.heldByTenant.get(tenantId) ?? 0) >= this.limits.perTenant) continue;
      if (next && tenant.servedAt >= next.tenant.servedAt) continue;
      const account = this.nextAccount(tenant);
      if (account) next = { tenantId, tenant, accountId: account[0], account: account[1] };
    }
    if (!next) return undefined;
    const item = next.account.entries.shift()!;
    this.waitingItems -= 1;
    this.clock += 1;
    next.tenant.servedAt = this.clock;
    next.account.servedAt = this.clock;
    const holder = { tenantId: next.tenantId, accountId: next.accountId };
    this.heldCount += 1;
    this.heldByTenant.set(holder.tenantId, (this.heldByTenant.get(holder.tenantId) ?? 0) + 1);
    this.heldByAccount.set(holder.accountId, (this.heldByAccount.get(holder.accountId) ?? 0) + 1);
    return { holder, item };
  }

  /** Gives back what `take` handed to this holder. */
  release(holder: ShareHolder): void {
    this.heldCount -= 1;
    decrement(this.heldByTenant, holder.tenantId);
    decrement(this.heldByAccount, holder.accountId);
    this.forgetIdle(holder);
  }

  /** Drops the entries of an account and tenant that neither wait nor hold anything. */
  private forgetIdle(holder: ShareHolder): void {
    const tenant = this.waiting.get(holder.tenantId);
    if (!tenant) return;
    if (tenant.entries.get(holder.accountId)?.entries.length === 0 && !this.heldByAccount.has(holder.accountId))
      tenant.entries.delete(holder.accountId);
    if (tenant.entries.size === 0 && !this.heldByTenant.has(holder.tenantId)) this.waiting.delete(holder.tenantId);
  }

  clear(): void {
    this.waiting.clear();
    this.waitingItems = 0;
  }
}

function decrement(counts: Map<number, number>, key: number): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count <= 0) counts.delete(key);
  else counts.set(key, count);
}
