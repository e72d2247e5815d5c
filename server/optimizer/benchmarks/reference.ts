import type { Solution } from '../model';
import type { BenchmarkInstance } from './lilim';

export interface Reference {
  vehicles: number;
  distance: number;
}

/** Reads a CSV with an `instance` column and the given vehicles/distance columns, keyed by instance. */
export function readReferenceCsv(
  text: string,
  vehiclesColumn = 'vehicles',
  distanceColumn = 'distance',
): Map<string, Reference> {
  const out = new Map<string, Reference>();
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const iName = header.indexOf('instance');
  const iVehicles = header.indexOf(vehiclesColumn);
  const iDistance = header.indexOf(distanceColumn);
  if (iName < 0 || iVehicles < 0 || iDistance < 0)
    throw new Error(`reference CSV lacks instance/${vehiclesColumn}/${distanceColumn}`);
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    const name = f[iName]?.trim();
    if (!name) continue;
    out.set(name, { vehicles: Number(f[iVehicles]), distance: Number(f[iDistance]) });
  }
  return out;
}

/** SINTEF-style solution text: one line per route, "Route N : id id ..." (task ids, depot omitted). */
export function formatSolutionFile(instance: BenchmarkInstance, solution: Solution): string {
  return (
    solution.routes
      .map((route, k) => {
        const ids = route.stops.map((s) => {
          const t = instance.taskIds[s.shipment]!;
          return s.kind === 'pickup' ? t.pickup : t.delivery;
        });
        return `Route ${k + 1} : ${ids.join(' ')}`;
      })
      .join('\n') + '\n'
  );
}
