/**
 * Text rules every input meets before any schema or store sees it, on /v1 and on the console's
 * tRPC API alike: no NUL character (PostgreSQL text and jsonb cannot hold U+0000), no lone UTF-16
 * surrogate (`"\ud800"` is valid JSON but not Unicode text, and PostgreSQL refuses it), in values
 * and keys; and no nesting deeper than MAX_INPUT_DEPTH (free-form `meta` objects would otherwise
 * overflow the stack of every recursive consumer).
 */

/** Deepest nesting of objects and arrays an input may have; real requests need about six. */
export const MAX_INPUT_DEPTH = 32;

/** A UTF-16 surrogate without its partner: in `u` mode a proper pair is one code point, not `Cs`. */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

/** What is wrong with one string, or undefined when it is acceptable text. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (hasLoneSurrogate(text)) return 'contains a lone UTF-16 surrogate (not valid Unicode text)';
  return undefined;
}

export interface UnsafeInput {
  /** Where: the field's path (the containing object's for a bad key). */
  path: PropertyKey[];
  /** What, without the path: `must not contain the NUL character (U+0000)`. */
  message: string;
}

/** The first place in `value` that breaks the rules above, or undefined. Iterative: depth cannot overflow the stack here. */
export function findUnsafeInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | undefined {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, message: problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { path, message: `nested deeper than ${maxDepth} levels` };
    if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const problem = textProblem(key);
      if (problem) return { path, message: `a key ${problem}` };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
