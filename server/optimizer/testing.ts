/**
 * Helpers for the optimizer's tests that read its internals (the independent checks of solutions
 * are in verify/, which reads only the model).
 */
import { pickupNode } from './instance';
import type { RouteState } from './route';

/** Every way to insert job into the route: (a, i, b, j) as RouteState.insert takes them, and the new stop sequence. */
export function* insertions(route: RouteState, job: number, hasPickup: boolean, hasDelivery: boolean) {
  const n = route.size;
  const old = Array.from(route.node.subarray(1, n + 1));
  const p = pickupNode(job);
  for (let i = 0; i <= n; i++) {
    if (hasPickup && hasDelivery) {
      for (let j = i; j <= n; j++)
        yield { a: p, i, b: p + 1, j, nodes: [...old.slice(0, i), p, ...old.slice(i, j), p + 1, ...old.slice(j)] };
    } else {
      const x = hasPickup ? p : p + 1;
      yield { a: x, i, b: -1, j: -1, nodes: [...old.slice(0, i), x, ...old.slice(i)] };
    }
  }
}
