import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solveOnThisThread, warmUpSolverThreads, type Problem } from '@/server/optimizer';
import type { FleetEntry, RoutingOrder } from './build-problem';
import type { RoutingOptionsLayer } from './options';
import { fleetSpecSchema, orderSchema } from './request-schema';
import {
  automaticTrafficProfile,
  SIDE_BY_SIDE_MAX_ORDERS,
  solverThreads,
  solveRouting,
  type RoutingSolveInput,
} from './solve-routing';

/**
 * Converged runs per solver thread. After a start the first 20-order plan took 750-880 ms, the
 * second 400-450 ms and the third about 310 ms, against 280-300 ms later on (bench:plan-latency).
 */
const WARM_UP_RUNS = 3;

/** Three stores in the Atlanta metro, with coordinates (also the pickups of the benchmarks' city plans). */
export const ATLANTA_STORES = [
  {
    addressLine1: '3500 Peachtree Rd NE',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30326',
    latitude: '33.8510',
    longitude: '-84.3620',
  },
  {
    addressLine1: '2000 Airport Blvd',
    city: 'College Park',
    state: 'GA',
    postalCode: '30337',
    latitude: '33.6407',
    longitude: '-84.4277',
  },
  {
    addressLine1: '1 Decatur Sq',
    city: 'Decatur',
    state: 'GA',
    postalCode: '30030',
    latitude: '33.7748',
    longitude: '-84.2963',
  },
];
const STORE = ATLANTA_STORES[0]!;

/** A local time on the plans' day (Atlanta, EST). */
function onPlanDay(hour: number): string {
  return `2026-11-23T${String(hour).padStart(2, '0')}:00:00-05:00`;
}

interface WarmUpRequest {
  orders: RoutingOrder[];
  fleet: FleetEntry[];
  options: RoutingOptionsLayer;
}

/** The i-th of `count` dropoffs spread over the metro (a sunflower spiral: no random numbers). */
function dropoffAddress(i: number, count: number) {
  const goldenAngle = Math.PI * (3 - Math.sqrt(5));
  const radius = 0.03 + 0.15 * Math.sqrt((i + 0.5) / count);
  return {
    addressLine1: `${100 + i} Main St`,
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30303',
    latitude: (33.75 + radius * Math.sin(i * goldenAngle)).toFixed(5),
    longitude: (-84.39 + radius * Math.cos(i * goldenAngle)).toFixed(5),
  };
}

/**
 * The plans the warm-up solves (of `n` orders; by default the most a small plan's default budget takes),
 * each a request the plan endpoint accepts, every place with coordinates (the warm-up asks no
 * geocoder). The search compiles for the shapes it has seen: after the first plan alone, the first
 * multi-depot example solved on warm threads took 160-200 ms against 70-100 ms from its second on.
 * - Store to door: three-hour dropoff windows, cargo vans from the store, shortest total duration
 *   with time-of-day traffic (what most plans ask for).
 * - Several stores, a mixed fleet (box trucks with skills, vans, a van mapped to another type),
 *   orders with skills, tags and priorities, volumes, routes back to a store, fewest vehicles first
 *   (route elimination, which the first plan's objective does not run).
 */
export function warmUpRequests(n = SIDE_BY_SIDE_MAX_ORDERS): WarmUpRequest[] {
  const storeToDoor: WarmUpRequest = {
    orders: Array.from({ length: n }, (_, i) => {
      const hour = 9 + (i % 6);
      return orderSchema.parse({
        externalId: `warm-up-${i}`,
        pickupAddress: STORE,
        dropoffAddress: dropoffAddress(i, n),
        dropoffWindowOpen: onPlanDay(hour),
        dropoffWindowClose: onPlanDay(hour + 3),
        payloadItems: [
          {
            description: 'parcel',
            height: 12,
            length: 16,
            width: 12,
            weight: 10 + ((i * 7) % 30),
            quantity: 1 + (i % 3),
          },
        ],
      });
    }),
    fleet: [0, 1].map((i) =>
      fleetSpecSchema.parse({
        driverExternalId: `warm-up-driver-${i}`,
        vehicleExternalId: `warm-up-van-${i}`,
        vehicleType: 'cargo-van',
        scheduledStart: '2026-11-23T07:30:00-05:00',
        startAddress: STORE,
      }),
    ),
    options: { objective: 'MIN_DURATION', trafficMode: 'automatic' },
  };
  const mixedFleet: WarmUpRequest = {
    orders: Array.from({ length: n }, (_, i) =>
      orderSchema.parse({
        externalId: `warm-up-mixed-${i}`,
        pickupAddress: ATLANTA_STORES[i % ATLANTA_STORES.length],
        dropoffAddress: dropoffAddress(n - 1 - i, n),
        pickupWindowOpen: onPlanDay(7),
        pickupWindowClose: onPlanDay(12),
        dropoffWindowOpen: onPlanDay(9 + (i % 4)),
        dropoffWindowClose: onPlanDay(18),
        payloadItems: [
          { description: 'pallet', height: 48, length: 48, width: 40, weight: 40 + ((i * 37) % 380), quantity: 1 },
        ],
        ...(i % 5 === 0 ? { requiredSkills: ['liftgate'] } : {}),
        ...(i % 3 === 0 ? { customTags: [{ name: i % 2 === 0 ? 'vip' : 'standard' }] } : {}),
      }),
    ),
    fleet: [
      { vehicleType: 'box-truck', routeSkills: ['liftgate'] },
      { vehicleType: 'large-van' },
      { vehicleType: 'box-truck', routeSkills: ['liftgate'], vehicleSpec: { capacityPounds: 8000 } },
      { vehicleType: 'cargo-van' },
    ].map((vehicle, i) =>
      fleetSpecSchema.parse({
        driverExternalId: `warm-up-mixed-driver-${i}`,
        vehicleExternalId: `warm-up-mixed-vehicle-${i}`,
        scheduledStart: onPlanDay(7 + (i % 2)),
        startAddress: ATLANTA_STORES[i % 2],
        endAddress: ATLANTA_STORES[i % 2],
        ...vehicle,
      }),
    ),
    options: {
      objective: 'MIN_VEHICLE_UTILIZATION',
      tagPriorities: [
        ['vip', 5],
        ['standard', 2],
      ],
      vehicleMaps: [['large-van', { vehicleType: 'sprinter-van' }]],
      volumeOptimization: true,
      trafficMode: 'automatic',
    },
  };
  return [storeToDoor, mixedFleet];
}

/**
 * The optimizer's problem for a request, as solveRouting builds it, with the embedded geocoder and
 * matrix (no provider is asked); the solve itself is skipped (no moves). Also what the benchmarks
 * of store plans solve (scripts/bench/store-problem.ts).
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
  const problems: Problem[] = [];
  for (const request of warmUpRequests()) problems.push(await embeddedProblemOf({ ...request, settings: null }));
  // Every warm-up plan has SIDE_BY_SIDE_MAX_ORDERS orders: the threads a small plan is solved on.
  await warmUpSolverThreads(problems, {
    threads: solverThreads(false, threads),
    runs: WARM_UP_RUNS,
  });
}
