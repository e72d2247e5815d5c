/**
 * Numbers the public contract fixes and more than one module states (config's defaults, the
 * services, the OpenAPI document), with the `Prefer: wait` reading that run, plan and the booking
 * poll share. Imports nothing, so every layer may use it.
 */

/** Run and plan wait this long for their result by default before answering 202. */
export const SYNC_WINDOW_DEFAULT_SECONDS = 30;
/** The longest run and plan wait, whatever `Prefer: wait=N` or the configuration asks. */
export const SYNC_WINDOW_MAX_SECONDS = 120;

/**
 * The wait asked for with `Prefer: wait=N` (RFC 7240) when present and valid, capped at
 * `maxSeconds`, else `defaultSeconds` (capped too). `applied` is the value to echo in
 * Preference-Applied.
 */
export function syncWaitSeconds(
  prefer: string | null,
  defaultSeconds: number,
  maxSeconds: number = SYNC_WINDOW_MAX_SECONDS,
): { seconds: number; applied: string | null } {
  for (const preference of (prefer ?? '').split(',')) {
    const match = /^\s*wait\s*=\s*"?(\d{1,9})"?\s*(;.*)?$/i.exec(preference);
    if (match) {
      const seconds = Math.min(maxSeconds, Number(match[1]));
      return { seconds, applied: `wait=${seconds}` };
    }
  }
  return { seconds: Math.min(maxSeconds, defaultSeconds), applied: null };
}
