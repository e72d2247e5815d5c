import { describe, expect, it } from 'vitest';
import { generateSchemaTypes, readCheckedInSchemaTypes } from './generate';

describe('typed /v1 client', () => {
  it('has checked-in types generated from the current OpenAPI document (else run `npm run client:generate`)', async () => {
    const fresh = await generateSchemaTypes();
    expect(fresh).toContain("'/v1/routing/plan'");
    // Not toBe: a stale file would print both 2,700-line texts; the first differing line says what changed.
    const checkedIn = await readCheckedInSchemaTypes();
    const freshLines = fresh.split('\n');
    const checkedInLines = checkedIn.split('\n');
    const firstDifference = freshLines.findIndex((line, i) => line !== checkedInLines[i]);
    const at =
      firstDifference === -1 && freshLines.length !== checkedInLines.length
        ? Math.min(freshLines.length, checkedInLines.length)
        : firstDifference;
    expect(
      at === -1
        ? null
        : {
            line: at + 1,
            generated: freshLines[at] ?? '(end of file)',
            checkedIn: checkedInLines[at] ?? '(end of file)',
          },
      'server/api-client/v1-schema.ts is stale: run `npm run client:generate`',
    ).toBeNull();
  });
});
