/**
 * Error helpers every module may use (no dependencies). Errors cross module copies: Next can bundle
 * a module into more than one chunk (a lazily imported job handler gets its own copy of its
 * dependencies), and an error class from one copy is not `instanceof` the other's.
 */

/** `instanceof` by class name as well, for errors from another copy of the module that defines them. */
export function isErrorNamed<T extends Error>(
  error: unknown,
  type: abstract new (...args: never[]) => T,
  name: string,
): error is T {
  // The name is given as a literal: a minifier may rename the class itself.
  return error instanceof type || (error instanceof Error && error.name === name);
}
