import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '@/server/db';
import { jobs as jobRows } from '@/server/db/schema/jobs';
import { testDbKind } from '@/server/db/testing';

/**
 * The process's job service (getJobs) on a signal, in a process of its own on the embedded database
 * (the behaviour is the process's, not the engine's): a SIGTERM with no other handler gives the
 * running job back, attempt not counted, and the process exits as the signal would have made it.
 */
const child = (root: string) => `
const { getJobs } = await import(${JSON.stringify(path.join(root, 'server', 'app-jobs', 'index.ts'))});
const jobs = await getJobs();
const { job } = await jobs.submit({ kind: 'jobs.probe', accountId: 1, environment: 'live', key: 'signalled', input: { spinMs: 60000 } });
console.log(job.id);
setTimeout(() => process.kill(process.pid, 'SIGTERM'), 1500);
setTimeout(() => { console.log('still running'); process.exit(0); }, 45000);
`;

describe.runIf(testDbKind() === 'pglite')('getJobs on SIGTERM', () => {
  it('gives the running job back without counting its attempt, then exits with 143', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signals-'));
    try {
      // A file, not -e: worker threads inherit the process's flags, and --input-type is not theirs.
      const script = path.join(dataDir, 'child.mjs');
      writeFileSync(script, child(process.cwd()));
      const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const running = execFile(
          process.execPath,
          ['--import', 'tsx', script],
          {
            cwd: process.cwd(),
            env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
          },
          (_error, out) => resolve({ code: running.exitCode, stdout: out }),
        );
      });
      const [jobId] = stdout.trim().split('\n');
      expect(stdout).not.toContain('still running');
      expect(code).toBe(143);
      const handle = await createDb({ dataDir });
      try {
        const [row] = await handle.db.select().from(jobRows).where(eq(jobRows.id, jobId!));
        expect(row).toMatchObject({ status: 'processing', attempts: 0, leaseToken: null, leaseOwner: null });
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
