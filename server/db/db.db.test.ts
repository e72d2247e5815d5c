import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, DataDirLockedError, getOrCreateServiceSecret, lockFileOf, schema } from '@/server/db';
import { testDbKind } from '@/server/db/testing';
import { useTestDb } from '@/server/db/testing-hooks';

describe(`database on ${testDbKind()}`, () => {
  const testDb = useTestDb();

  it('is migrated: the schema tables exist and take rows', async () => {
    const [created] = await testDb.db.insert(schema.accounts).values({ name: 'Migrated' }).returning();
    expect(created?.name).toBe('Migrated');
    const found = await testDb.db.select().from(schema.accounts).where(eq(schema.accounts.id, created!.id));
    expect(found).toHaveLength(1);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await tx.insert(schema.accounts).values({ name: 'Rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await testDb.db.select().from(schema.accounts).where(eq(schema.accounts.name, 'Rolled back'));
    expect(rows).toHaveLength(0);
  });

  it('generates a service secret once and returns the same value afterwards', async () => {
    const first = await getOrCreateServiceSecret(testDb.db, 'test-secret');
    const second = await getOrCreateServiceSecret(testDb.db, 'test-secret');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toBe(first);
  });

  it('exposes the raw driver', async () => {
    if (testDb.kind === 'pglite') {
      const result = await testDb.handle.pglite!.query<{ one: number }>('select 1 as one');
      expect(result.rows[0]?.one).toBe(1);
    } else {
      const rows = await testDb.handle.sql!`select 1 as one`;
      expect(rows[0]?.one).toBe(1);
      expect(testDb.databaseUrl).toMatch(/^postgres:\/\//);
    }
  });
});

// The file-backed embedded database and its lock exist only in PGlite mode.
describe.runIf(testDbKind() === 'pglite')('embedded database in a data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rbs-db-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('persists across reopen, refuses a second open while held, and takes over a stale lock', async () => {
    const first = await createDb({ dataDir });
    await first.db.insert(schema.accounts).values({ name: 'Persisted' });
    await expect(createDb({ dataDir })).rejects.toThrow(/already open in this process/);
    await first.close();

    // A lock naming a live process other than this one (the parent of this process) is refused.
    writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), startedAt: 'x' }));
    await expect(createDb({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);

    // A lock from a dead process is taken over.
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({ pid: 2 ** 22 + 12345, hostname: os.hostname(), startedAt: 'x' }),
    );
    const reopened = await createDb({ dataDir });
    try {
      const rows = await reopened.db
        .select()
        .from(schema.accounts)
        .where(sql`${schema.accounts.name} = 'Persisted'`);
      expect(rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  // After kill -9 the owner can linger as a zombie until its parent reaps it; it holds no files then.
  it.runIf(process.platform === 'linux')('takes over a lock whose owner is a zombie', async () => {
    // `sleep 0` exits at once; its parent execs into `sleep` which never reaps it: a real zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 20'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombiePid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
        ),
      );
      const deadline = Date.now() + 5000;
      const state = () => {
        const stat = readFileSync(`/proc/${zombiePid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
      };
      while (state() !== 'Z' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(state()).toBe('Z');
      writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid: zombiePid, hostname: os.hostname(), startedAt: 'x' }));
      const reopened = await createDb({ dataDir });
      await reopened.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
