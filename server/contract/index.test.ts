import { describe, expect, it } from 'vitest';
import { SYNC_WINDOW_MAX_SECONDS, syncWaitSeconds } from '.';

describe('Prefer: wait', () => {
  it('reads wait=N (RFC 7240), capped at the sync window, else the default', () => {
    expect(syncWaitSeconds('wait=5', 30)).toEqual({ seconds: 5, applied: 'wait=5' });
    expect(syncWaitSeconds('respond-async, wait=500', 30)).toEqual({
      seconds: SYNC_WINDOW_MAX_SECONDS,
      applied: `wait=${SYNC_WINDOW_MAX_SECONDS}`,
    });
    expect(syncWaitSeconds(null, 30)).toEqual({ seconds: 30, applied: null });
    expect(syncWaitSeconds('wait=soon', 30)).toEqual({ seconds: 30, applied: null });
  });

  it('takes quoted values and parameters, and caps the default too', () => {
    expect(syncWaitSeconds('WAIT = "7"; foo=bar', 0)).toEqual({ seconds: 7, applied: 'wait=7' });
    expect(syncWaitSeconds('', 500)).toEqual({ seconds: SYNC_WINDOW_MAX_SECONDS, applied: null });
    expect(syncWaitSeconds('wait=45', 0, 30)).toEqual({ seconds: 30, applied: 'wait=30' });
  });
});
