import type { Db, DbOrTx } from '@/server/db';

/**
 * Account rows, ancestries, subtrees and stored settings remembered in this process, for a database
 * the process is the only writer of (the embedded database; the same reasoning as remembered API
 * keys). Every request of the booking and routing APIs resolves its accounts and effective settings
 * (a dozen queries on the event-loop thread); they change only through `createAccount` and
 * `setSettings`, which forget everything before and after they write. A read that overlapped a
 * forget is not remembered (it may have read the rows as they were). Writes inside a transaction
 * forget once more after the commit (their callers do), and every entry is dropped after
 * MAX_AGE_MS whatever happens, as a bound on any writer this misses.
 */
const MEMORY = Symbol.for('routing-booking-service.accounts-memory');
const MAX_ENTRIES = 5_000;
const MAX_AGE_MS = 30_000;

interface AccountsMemory {
  epoch: number;
  entries: Map<string, { value: unknown; at: number }>;
}
type GlobalWithMemory = typeof globalThis & { [MEMORY]?: Map<object, AccountsMemory> };
// A plain Map: one database per process in practice, and forgetting must reach it from a transaction too.
const memories = ((globalThis as GlobalWithMemory)[MEMORY] ??= new Map());

/** Remember account reads for `db` in this process. Only for a database no other process writes. */
export function rememberAccounts(db: Db): void {
  if (!memories.has(db)) memories.set(db, { epoch: 0, entries: new Map() });
}

/** Forgets every remembered account read (of every database: a transaction does not say whose it is). */
export function forgetAccounts(): void {
  for (const memory of memories.values()) {
    memory.epoch += 1;
    memory.entries.clear();
  }
}

/**
 * `read()`, or what it returned before for `key` on this database. Callers must not change the value.
 * A transaction (not the database itself) always reads: it may see its own uncommitted writes.
 */
export async function rememberedRead<T>(db: DbOrTx, key: string, read: () => Promise<T>): Promise<T> {
  const memory = memories.get(db);
  if (!memory) return read();
  const now = Date.now();
  const entry = memory.entries.get(key);
  if (entry && now - entry.at <= MAX_AGE_MS) return entry.value as T;
  const epoch = memory.epoch;
  const value = await read();
  if (memory.epoch === epoch) {
    if (memory.entries.size >= MAX_ENTRIES) memory.entries.clear();
    memory.entries.set(key, { value, at: now });
  }
  return value;
}

/** Stops remembering for `db` (a test database about to close). */
export function stopRememberingAccounts(db: Db): void {
  memories.delete(db);
}
