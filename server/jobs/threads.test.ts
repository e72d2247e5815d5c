import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerJobKinds } from './handlers';
import { JobThreadPool } from './threads';

describe('JobThreadPool', () => {
  it('lets an idle thread go on with what it started in the background, before any job comes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'idle-thread-'));
    const marker = path.join(dir, 'marker');
    // A thread entry that, once loaded, writes a file from a timer: from its event loop, while idle.
    const entry = path.join(dir, 'entry.mjs');
    writeFileSync(
      entry,
      `import { writeFileSync } from 'node:fs';\nsetTimeout(() => writeFileSync(${JSON.stringify(marker)}, 'ran'), 50);\nexport default () => null;\n`,
    );
    registerJobKinds({}, { threadEntry: entry });
    const pool = new JobThreadPool(1);
    try {
      const giveUpAt = Date.now() + 10_000;
      while (!existsSync(marker) && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(marker)).toBe(true);
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
