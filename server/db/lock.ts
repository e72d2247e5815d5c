import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The embedded database is single-process; this file names the process that has it open. */
export function lockFileOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pglite.lock');
}

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} on ${owner.hostname} ` +
        `(since ${owner.startedAt}). Stop that process (or, if it is gone, delete ${lockFileOf(dataDir)}), ` +
        `or set DATABASE_URL to use a PostgreSQL server that several processes can share.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Linux keeps a killed process as a zombie (state Z) until its parent reaps it; signal 0 still
 * reaches it, yet it has let go of every file. `/proc/<pid>/stat` is "pid (comm) state ...", and
 * comm may itself contain ") ", hence the last parenthesis. Elsewhere (no /proc) nothing is a zombie.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .startsWith('Z');
  } catch {
    return false;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, hostname: String(parsed.hostname ?? '?'), startedAt: String(parsed.startedAt ?? '?') };
  } catch {
    return undefined;
  }
}

/**
 * The process other than this one that holds the data directory, if any. A lock left by a dead
 * (or zombie) process does not count. A lock written on another host cannot be checked, so it counts as held.
 */
export function liveLockOwner(dataDir: string): LockOwner | undefined {
  const owner = readOwner(lockFileOf(dataDir));
  if (!owner || (owner.pid === process.pid && owner.hostname === os.hostname())) return undefined;
  if (owner.hostname !== os.hostname()) return owner;
  return isProcessAlive(owner.pid) ? owner : undefined;
}

// Locks this process holds, by file: a second open in the same process is refused as well.
const held = new Map<string, () => void>();
let exitHookInstalled = false;
function releaseAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const release of held.values()) release();
  });
}

/**
 * Takes the data directory's lock: created exclusively; a stale lock (dead owner, or this very pid
 * after a container restart) is taken over; a live other owner is a DataDirLockedError.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  if (held.has(file)) {
    throw new Error(
      `The embedded database in ${path.resolve(dataDir)} is already open in this process; share that instance.`,
    );
  }
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      const release = () => {
        held.delete(file);
        if (readOwner(file)?.pid === me.pid) {
          try {
            unlinkSync(file);
          } catch {
            // Already gone.
          }
        }
      };
      held.set(file, release);
      releaseAllOnExit();
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = liveLockOwner(dataDir);
      if (owner) throw new DataDirLockedError(path.resolve(dataDir), owner);
      // Stale: remove and retry the exclusive create (another process may win the race; then it is live).
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first.
      }
    }
  }
  const owner = readOwner(file);
  throw new DataDirLockedError(path.resolve(dataDir), owner ?? { pid: -1, hostname: '?', startedAt: '?' });
}
