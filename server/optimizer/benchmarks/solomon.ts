import type { Shipment } from '../model';
import { benchmarkProblem, euclideanMatrix } from './euclidean';
import type { BenchmarkInstance } from './lilim';

/**
 * Solomon VRPTW format: a name line, a VEHICLE block ("NUMBER CAPACITY" values) and a CUSTOMER
 * block with rows "no x y demand ready due service"; customer 0 is the depot. Each customer
 * becomes a delivery-only job (loaded at the depot).
 */
export function parseSolomon(name: string, text: string): BenchmarkInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const numeric = lines
    .filter((l) => l.length > 0)
    .map((l) => l.split(/\s+/).map(Number))
    .filter((f) => f.every((v) => Number.isFinite(v)));
  const vehicleRow = numeric.find((f) => f.length === 2);
  const rows = numeric.filter((f) => f.length >= 7);
  if (!vehicleRow || rows.length === 0) throw new Error(`${name}: missing VEHICLE or CUSTOMER block`);
  const [vehicleCount, capacity] = vehicleRow as [number, number];
  const depot = rows[0]!;
  if (depot[0] !== 0) throw new Error(`${name}: the first customer row must be the depot (0)`);
  const matrix = euclideanMatrix(
    rows.map((r) => r[1]!),
    rows.map((r) => r[2]!),
  );
  const shipments: Shipment[] = [];
  const taskIds: BenchmarkInstance['taskIds'] = [];
  rows.slice(1).forEach((r, idx) => {
    shipments.push({
      id: String(r[0]),
      pickup: null,
      delivery: { location: idx + 1, serviceSeconds: r[6]!, timeWindows: [{ start: r[4]!, end: r[5]! }] },
      size: [r[3]!],
      requiredSkills: [],
      priority: 0,
    });
    taskIds.push({ pickup: -1, delivery: r[0]! });
  });
  return {
    name,
    problem: benchmarkProblem({
      locationCount: rows.length,
      matrix,
      vehicleCount,
      capacity,
      depotWindow: { start: depot[4]!, end: depot[5]! },
      shipments,
    }),
    taskIds,
  };
}
