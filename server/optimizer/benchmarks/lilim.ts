import type { Problem, Shipment } from '../model';
import { benchmarkProblem, euclideanMatrix } from './euclidean';

/** A parsed benchmark: the Problem plus the original task ids of each shipment's stops. */
export interface BenchmarkInstance {
  name: string;
  problem: Problem;
  /** Per shipment: original task id of the pickup and of the delivery (-1 when absent). */
  taskIds: { pickup: number; delivery: number }[];
}

interface Task {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
  pickup: number;
  delivery: number;
}

/**
 * Li & Lim PDPTW format: line 1 "K Q S" (vehicles, capacity, speed), then one task per line
 * "id x y demand earliest latest service pickupIndex deliveryIndex"; task 0 is the depot.
 * Every vehicle starts and ends at the depot within its window; objective: vehicles, then distance.
 */
export function parseLiLim(name: string, text: string): BenchmarkInstance {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const header = lines[0]?.split(/\s+/).map(Number);
  if (!header || header.length < 2 || header.some((v) => !Number.isFinite(v))) {
    throw new Error(`${name}: first line must be "vehicles capacity speed"`);
  }
  const [vehicleCount, capacity] = header as [number, number];
  const tasks: Task[] = lines.slice(1).map((line, idx) => {
    const f = line.split(/\s+/).map(Number);
    if (f.length < 9 || f.some((v) => !Number.isFinite(v)))
      throw new Error(`${name}: task line ${idx + 2} needs 9 numbers`);
    const [id, x, y, demand, ready, due, service, pickup, delivery] = f as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return { id, x, y, demand, ready, due, service, pickup, delivery };
  });
  const index = new Map<number, number>();
  tasks.forEach((t, i) => index.set(t.id, i));
  const depot = tasks[0];
  if (depot?.id !== 0) throw new Error(`${name}: the first task must be the depot (id 0)`);
  const matrix = euclideanMatrix(
    tasks.map((t) => t.x),
    tasks.map((t) => t.y),
  );

  const shipments: Shipment[] = [];
  const taskIds: BenchmarkInstance['taskIds'] = [];
  for (const t of tasks.slice(1)) {
    if (t.pickup !== 0) continue; // a delivery: created with its pickup
    const d = tasks[index.get(t.delivery) ?? -1];
    if (!d) throw new Error(`${name}: pickup ${t.id} names missing delivery ${t.delivery}`);
    const stop = (task: Task) => ({
      location: index.get(task.id)!,
      serviceSeconds: task.service,
      timeWindows: [{ start: task.ready, end: task.due }],
    });
    shipments.push({
      id: String(t.id),
      pickup: stop(t),
      delivery: stop(d),
      size: [t.demand],
      requiredSkills: [],
      priority: 0,
    });
    taskIds.push({ pickup: t.id, delivery: d.id });
  }
  return {
    name,
    problem: benchmarkProblem({
      locationCount: tasks.length,
      matrix,
      vehicleCount,
      capacity,
      depotWindow: { start: depot.ready, end: depot.due },
      shipments,
    }),
    taskIds,
  };
}
