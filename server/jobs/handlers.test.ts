import { describe, expect, it } from 'vitest';
import { loadJobHandler, preloadJobHandlers, registerJobKinds } from './handlers';
import type { AnyJobHandler } from './types';

const handler: AnyJobHandler = { run: async () => null };
/** A test job kind whose handler module `load` imports. */
const kindLoading = (load: () => Promise<AnyJobHandler>) => ({ namespace: 'test', retentionSeconds: () => 60, load });

describe('preloadJobHandlers', () => {
  it('imports every registered kind once; a job then gets the handler without importing it again', async () => {
    let loads = 0;
    registerJobKinds({
      'test.preload': kindLoading(async () => {
        loads++;
        return handler;
      }),
    });
    preloadJobHandlers();
    expect(loads).toBe(1);
    expect(await loadJobHandler('test.preload')).toBe(handler);
    expect(loads).toBe(1);
  });

  it('forgets a failed preload, so the job that needs the handler imports it again', async () => {
    let loads = 0;
    registerJobKinds({
      'test.flaky': kindLoading(async () => {
        loads++;
        if (loads === 1) throw new Error('module not ready');
        return handler;
      }),
    });
    preloadJobHandlers();
    // Let the failed import settle and be forgotten.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await loadJobHandler('test.flaky')).toBe(handler);
    expect(loads).toBe(2);
  });

  it("runs a loaded handler's warm-up when asked, once per preload; a failed warm-up leaves the handler loaded", async () => {
    let warmUps = 0;
    const warming: AnyJobHandler = {
      run: async () => null,
      warmUp: async () => {
        warmUps++;
        throw new Error('warm-up failed');
      },
    };
    registerJobKinds({ 'test.warm': kindLoading(async () => warming) });
    preloadJobHandlers();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warmUps).toBe(0);
    preloadJobHandlers({ warmUp: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(warmUps).toBe(1);
    expect(await loadJobHandler('test.warm')).toBe(warming);
  });
});
