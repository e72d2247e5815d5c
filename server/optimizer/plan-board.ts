/**
 * The best plans of the solver threads of one solve, in shared memory: each thread posts its best
 * plan to its own slot and reads the others' (see Search's plan exchange). A slot is guarded by a
 * sequence number (odd while its thread writes), so a reader never takes a half-written plan: it
 * reads again, or gives up and reads nothing this time.
 */

/** Int32 words per slot before the plan: sequence number, plan length (words), posts so far. */
const HEADER = 3;
const READ_TRIES = 4;

/** What a thread needs to find the board: plain data, so it passes to a thread in a message. */
export interface PlanBoardHandle {
  buffer: SharedArrayBuffer;
  /** Costs, one Float64 per slot (a separate buffer: Int32 and Float64 views need their own alignment). */
  costs: SharedArrayBuffer;
  slots: number;
  /** Int32 words a plan may take: its nodes and one separator per vehicle. */
  capacity: number;
}

interface PostedPlan {
  /** Per vehicle: its nodes in visiting order. */
  routes: number[][];
  cost: number;
}

export function createPlanBoard(slots: number, nodes: number, vehicles: number): PlanBoardHandle {
  const capacity = nodes + vehicles;
  return {
    buffer: new SharedArrayBuffer(4 * slots * (HEADER + capacity)),
    costs: new SharedArrayBuffer(8 * slots),
    slots,
    capacity,
  };
}

export class PlanBoard {
  private readonly words: Int32Array;
  private readonly costs: Float64Array;
  private readonly stride: number;

  constructor(private readonly handle: PlanBoardHandle) {
    this.words = new Int32Array(handle.buffer);
    this.costs = new Float64Array(handle.costs);
    this.stride = HEADER + handle.capacity;
  }

  get slots(): number {
    return this.handle.slots;
  }

  /** Posts a plan (per vehicle, its nodes) with its cost to `slot`, replacing the one there. */
  post(slot: number, routes: readonly (readonly number[])[], cost: number): void {
    const base = slot * this.stride;
    const words = this.words;
    let length = 0;
    for (const route of routes) length += route.length + 1;
    if (length > this.handle.capacity) return;
    Atomics.add(words, base, 1);
    let w = base + HEADER;
    for (const route of routes) {
      for (const node of route) words[w++] = node;
      words[w++] = -1;
    }
    words[base + 1] = length;
    words[base + 2]!++;
    this.costs[slot] = cost;
    Atomics.add(words, base, 1);
  }

  /** The plan posted to `slot` (null: none yet, or it was being written each time it was read). */
  read(slot: number): PostedPlan | null {
    const base = slot * this.stride;
    const words = this.words;
    for (let t = 0; t < READ_TRIES; t++) {
      const before = Atomics.load(words, base);
      if (before % 2 === 1) continue;
      if (words[base + 2] === 0) return null;
      const length = words[base + 1]!;
      const cost = this.costs[slot]!;
      const routes: number[][] = [];
      let route: number[] = [];
      for (let w = base + HEADER; w < base + HEADER + length; w++) {
        const node = words[w]!;
        if (node < 0) {
          routes.push(route);
          route = [];
        } else route.push(node);
      }
      if (Atomics.load(words, base) === before) return { routes, cost };
    }
    return null;
  }
}
