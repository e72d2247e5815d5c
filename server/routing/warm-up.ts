import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solveOnThisThread, warmUpSolverThreads, type Problem } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import type { RoutingOptionsLayer } from './options';
import { fleetSpecSchema, orderSchema } from './request-schema';
import { automaticTrafficProfile, SIDE_BY_SIDE_MAX_ORDERS, solverThreads, solveRouting, type RoutingSolveInput } from './solve-routing';

/**
 * Converged runs per solver thread. After a start the first 20-order plan took 750-880 ms, the
 * second 400-450 ms and the third about 310 ms, against 280-300 ms later on (bench:plan-latency).
 */
const WARM_UP_RUNS = 3;

const STORE = { addressLine1: '3500 Peachtree Rd NE', city: 'Atlanta', state: 'GA', postalCode: '30326', latitude: '33.8510', longitude: '-84.3620' };

/**
 * A plan of the size a default-budget plan is still solved on two threads: store-to-door orders
 * with three-hour windows over a metro area, cargo vans from the store, shortest total duration
 * with time-of-day traffic (what most plans ask for, so the code they run is what gets compiled).
 * Every place has coordinates: the warm-up asks no geocoder.
 */
export function warmUpRequest(): { orders: RoutingOrder[]; fleet: FleetEntry[]; options: RoutingOptionsLayer } {
  const goldenAngle = Math.PI * (3 - Math.sqrt(5));
  const orders = Array.from({ length: SIDE_BY_SIDE_MAX_ORDERS }, (_, i) => {
    const radius = 0.03 + 0.15 * Math.sqrt((i + 0.5) / SIDE_BY_SIDE_MAX_ORDERS);
    const hour = 9 + (i % 6);
    return orderSchema.parse({
      externalId: `warm-up-${i}`,
      pickupAddress: STORE,
      dropoffAddress: {
        addressLine1: `${100 + i} Main St`,
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30303',
        latitude: (33.75 + radius * Math.sin(i * goldenAngle)).toFixed(5),
        longitude: (-84.39 + radius * Math.cos(i * goldenAngle)).toFixed(5),
      },
      dropoffWindowOpen: `2026-11-23T${String(hour).padStart(2, '0')}:00:00-05:00`,
      dropoffWindowClose: `2026-11-23T${String(hour + 3).padStart(2, '0')}:00:00-05:00`,
      payloadItems: [{ description: 'parcel', height: 12, length: 16, width: 12, weight: 10 + ((i * 7) % 30), quantity: 1 + (i % 3) }],
    });
  });
  const fleet = [0, 1].map((i) =>
    fleetSpecSchema.parse({
      driverExternalId: `warm-up-driver-${i}`,
      vehicleExternalId: `warm-up-van-${i}`,
      vehicleType: 'cargo-van',
      scheduledStart: '2026-11-23T07:30:00-05:00',
      startAddress: STORE,
    }),
  );
  return { orders, fleet, options: { objective: 'MIN_DURATION', trafficMode: 'automatic' } };
}

/**
 * The optimizer's problem for a request, as solveRouting builds it, with the embedded geocoder and
 * matrix (no provider is asked); the solve itself is skipped (no moves). Also what the benchmarks
 * of store plans solve (scripts/store-problem.ts).
 */
export async function embeddedProblemOf(input: RoutingSolveInput): Promise<Problem> {
  let problem: Problem | undefined;
  await solveRouting(input, {
    geocoder: new ZipCentroidGeocoder(),
    matrix: new EmbeddedMatrixProvider(),
    trafficProfile: automaticTrafficProfile,
    solve: (built) => {
      problem = built;
      return solveOnThisThread(built, { maxIterations: 0 });
    },
    threads: 1,
  });
  if (problem === undefined) throw new Error('solveRouting built no problem (no order or no vehicle to route)');
  return problem;
}

/**
 * Compiles the routing code of a job thread before its first plan: builds the warm-up plan's
 * problem on this thread, then has the solver threads a small plan uses solve it (see
 * warmUpSolverThreads: a plan that comes meanwhile stops it). `threads` is the configured
 * SOLVER_THREADS.
 */
export async function warmUpRouting(threads: number): Promise<void> {
  const problem = await embeddedProblemOf({ ...warmUpRequest(), settings: null });
  await warmUpSolverThreads(problem, { threads: solverThreads(problem.shipments.length, false, threads), runs: WARM_UP_RUNS });
}
