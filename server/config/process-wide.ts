/**
 * A service the process starts once, shared by every bundle Next makes of the module that asks for
 * it (hence kept on globalThis under a symbol of `name`). A failed start is not kept: the next caller
 * starts it again (e.g. after another process let go of the data directory).
 */
export interface ProcessWide<T> {
  /** The running service, started with `start` on first use. */
  get(start: () => Promise<T>): Promise<T>;
  /** Forgets the service and answers it for closing (undefined when none was started or its start failed). */
  take(): Promise<T | undefined>;
}

export function processWide<T>(name: string): ProcessWide<T> {
  const key = Symbol.for(`routing-booking-service.${name}`);
  const slots = globalThis as typeof globalThis & Record<symbol, Promise<T> | undefined>;
  return {
    get(start) {
      let current = slots[key];
      if (!current) {
        current = start();
        const started = current;
        started.catch(() => {
          if (slots[key] === started) delete slots[key];
        });
        slots[key] = current;
      }
      return current;
    },
    async take() {
      const current = slots[key];
      if (!current) return undefined;
      delete slots[key];
      return current.catch(() => undefined);
    },
  };
}
