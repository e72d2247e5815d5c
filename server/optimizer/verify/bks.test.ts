import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Solution } from '../model';
import { parseLiLim } from '../benchmarks';
import { LI_LIM_DIR as LI_LIM } from '../benchmarks/data';
import { checkSolution } from './checker';
import { routeFromSchedule, simulate, type StopRef } from './schedule';

/**
 * The published best-known Li & Lim solutions (SINTEF), read against the parsed instances: every
 * one must pass the checker with the published vehicle count and distance. This checks the
 * checker on real data and the instance parser against an outside source at once.
 */

function references(): Map<string, { vehicles: number; distance: number }> {
  const rows = new Map<string, { vehicles: number; distance: number }>();
  for (const file of ['bks.csv', 'bks_200.csv']) {
    for (const line of readFileSync(path.join(LI_LIM, file), 'utf8').split(/\r?\n/).slice(1)) {
      const [instance, vehicles, distance] = line.split(',');
      if (instance) rows.set(instance, { vehicles: Number(vehicles), distance: Number(distance) });
    }
  }
  return rows;
}

describe('best-known Li & Lim solutions pass the checker', () => {
  it('all 116 (pdp_100 and pdp_200), with the published vehicles and distance', () => {
    const published = references();
    const files = readdirSync(path.join(LI_LIM, 'bks_solutions')).filter((f) => f.endsWith('.txt'));
    expect(files).toHaveLength(116);
    for (const file of files) {
      const name = file.split('.')[0]!;
      const folder = name.includes('_') ? 'pdp_200' : 'pdp_100';
      const instance = parseLiLim(name, readFileSync(path.join(LI_LIM, folder, `${name}.txt`), 'utf8'));
      const { problem } = instance;
      const stopOfTask = new Map<number, StopRef>();
      instance.taskIds.forEach((t, shipment) => {
        stopOfTask.set(t.pickup, { shipment, kind: 'pickup' });
        stopOfTask.set(t.delivery, { shipment, kind: 'delivery' });
      });
      const routeLines = readFileSync(path.join(LI_LIM, 'bks_solutions', file), 'utf8')
        .split(/\r?\n/)
        .filter((l) => /^Route\s+\d+\s*:/.test(l));
      const routes = routeLines.map((line, vehicle) => {
        const sequence = line
          .split(':')[1]!
          .trim()
          .split(/\s+/)
          .map((id) => stopOfTask.get(Number(id))!);
        return routeFromSchedule(
          problem,
          vehicle,
          sequence,
          simulate(problem, vehicle, sequence, problem.vehicles[vehicle]!.earliestStart),
        );
      });
      const solution: Solution = {
        routes,
        unassigned: [],
        cost: 0,
        distance: routes.reduce((s, r) => s + r.distance, 0),
        duration: routes.reduce((s, r) => s + r.duration, 0),
        stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed: 0, threads: 1, progress: [] },
      };
      expect(checkSolution(problem, solution).violations, name).toEqual([]);
      const reference = published.get(name)!;
      expect(routes.length, name).toBe(reference.vehicles);
      expect(Math.abs(solution.distance - reference.distance), name).toBeLessThan(1e-3);
    }
  });
});
