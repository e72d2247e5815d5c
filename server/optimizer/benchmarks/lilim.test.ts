import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solveOnThisThread } from '../solve';
import { checkSolution } from '../verify';
import { LI_LIM_DIR } from './data';
import { formatSolutionFile, parseLiLim, parseSolomon, readReferenceCsv } from './index';

// A hand-made Li & Lim file: depot 0, two requests (1 -> 4, 3 -> 2), tab-separated with CRLF.
const TINY = [
  '2\t50\t1',
  '0\t0\t0\t0\t0\t1000\t0\t0\t0',
  '1\t10\t0\t10\t0\t100\t5\t0\t4',
  '2\t0\t20\t-20\t0\t300\t5\t3\t0',
  '3\t0\t10\t20\t0\t200\t5\t0\t2',
  '4\t20\t0\t-10\t50\t400\t5\t1\t0',
].join('\r\n');

describe('Li & Lim parser', () => {
  it('reads vehicles, capacity, requests, windows and Euclidean matrices', () => {
    const inst = parseLiLim('tiny', TINY);
    const p = inst.problem;
    expect(p.vehicles).toHaveLength(2);
    expect(p.vehicles[0]).toMatchObject({
      startLocation: 0,
      endLocation: 0,
      earliestStart: 0,
      latestEnd: 1000,
      capacity: [50],
    });
    expect(p.shipments).toHaveLength(2);
    expect(inst.taskIds).toEqual([
      { pickup: 1, delivery: 4 },
      { pickup: 3, delivery: 2 },
    ]);
    expect(p.shipments[1]).toMatchObject({
      size: [20],
      pickup: { location: 3, serviceSeconds: 5, timeWindows: [{ start: 0, end: 200 }] },
      delivery: { location: 2, timeWindows: [{ start: 0, end: 300 }] },
    });
    expect(p.locationCount).toBe(5);
    expect(p.distances[0 * 5 + 1]).toBe(10);
    expect(p.durations[1 * 5 + 2]).toBeCloseTo(Math.hypot(10, 20), 12);
    expect(p.objective).toBe('MIN_VEHICLES_THEN_DISTANCE');
  });

  it('rejects a malformed file', () => {
    expect(() => parseLiLim('bad', 'x y z\n')).toThrow(/first line/);
  });

  it('solves the tiny file feasibly and writes SINTEF-style routes with task ids', () => {
    const inst = parseLiLim('tiny', TINY);
    const solution = solveOnThisThread(inst.problem, { maxIterations: 50, seed: 3 });
    expect(checkSolution(inst.problem, solution).violations).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    const text = formatSolutionFile(inst, solution);
    const ids = text
      .trim()
      .split('\n')
      .flatMap((l) => l.split(':')[1]!.trim().split(' ').map(Number));
    expect(ids.sort()).toEqual([1, 2, 3, 4]);
  });

  it('reads reference CSVs by column name', () => {
    const refs = readReferenceCsv('instance,a,vehicles,distance\nlc101,x,10,828.9369\n');
    expect(refs.get('lc101')).toEqual({ vehicles: 10, distance: 828.9369 });
  });

  it('parses Solomon files into delivery-only jobs', () => {
    const text = [
      'C1',
      '',
      'VEHICLE',
      'NUMBER     CAPACITY',
      '  3         100',
      '',
      'CUSTOMER',
      'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
      '',
      '    0      0         0          0          0       500          0',
      '    1      3         4         10        10        60         5',
    ].join('\r\n');
    const inst = parseSolomon('C1', text);
    expect(inst.problem.vehicles).toHaveLength(3);
    expect(inst.problem.shipments[0]).toMatchObject({
      pickup: null,
      size: [10],
      delivery: { location: 1, serviceSeconds: 5, timeWindows: [{ start: 10, end: 60 }] },
    });
    expect(inst.problem.distances[1]).toBe(5);
  });

  const lc101 = path.join(LI_LIM_DIR, 'pdp_100', 'lc101.txt');
  it('solves lc101 feasibly with every request served', () => {
    const inst = parseLiLim('lc101', readFileSync(lc101, 'utf8'));
    expect(inst.problem.shipments).toHaveLength(53);
    const solution = solveOnThisThread(inst.problem, { maxIterations: 300, seed: 1 });
    expect(checkSolution(inst.problem, solution).violations).toEqual([]);
    expect(solution.unassigned).toEqual([]);
    expect(solution.routes.length).toBeLessThanOrEqual(11);
  });
});
