/**
 * An independent check of the booking search, written apart from it: it shares no code with
 * `search.ts` (no `buildProblem`, no `queryInsertions`). Seeded branches get booked routes of several
 * vehicle types, tight, loose and missing windows, nearly full and empty vans, with and without a
 * depot; the search runs as the job runs it (`runBookingSearch`: the configured travel times, the
 * day's traffic, windows rendered for the wire). Then, with the optimizer's independent verifier:
 *
 * - every returned window's start is feasible: the order inserted into that route at some pickup and
 *   dropoff position, its dropoff served at that start, passes `checkSolution`;
 * - it is the earliest: a brute force over every insertion position finds none earlier in the hour;
 * - every omitted (route, hour) is infeasible at every insertion position;
 * - the hours are the bucket's local hours in the destination's zone, windows carry that zone's UTC
 *   offset, on ordinary days and on both daylight-saving changes, with routes in another zone.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUCKETS, timeframeBuckets } from '@/server/accounts';
import { embeddedMatrix, localTimeToEpoch, trafficProfileFor, type LatLng } from '@/server/geo';
import type { Problem, Shipment, Solution, Stop, TrafficProfile, Vehicle } from '@/server/optimizer';
import {
  checkSolution,
  routeFromSchedule,
  seededRandom,
  simulate,
  structuralFailure,
  type StopRef,
} from '@/server/optimizer/verify';
import { VEHICLE_CATALOG, type BookedRoute } from '@/server/routing';
import { runBookingSearch, type PreparedBookingSearch } from './job';
import { bucketHours } from './slot-policy';

const SEEDS = (process.env.BOOKING_CHECK_SEEDS ?? '1,2,3,4,5,6,7,8,9,10,11,12').split(',').map(Number);
const VEHICLE_TYPES = ['cargo-van', 'box-truck', 'car', 'sprinter-van'] as const;
type VehicleType = (typeof VEHICLE_TYPES)[number];
const SERVICE_SECONDS = 300;

/** One booked order of the generator, by point index. */
interface SeedOrder {
  id: string;
  pickup: number;
  dropoff: number;
  pounds: number;
  cubicInches: number;
}

/** A booked route as the generator knows it (the search only sees its `BookedRoute`). */
interface SeedRoute {
  booked: BookedRoute;
  vehicleType: VehicleType;
  startPoint: number | null;
  endPoint: number | null;
  orders: SeedOrder[];
  sequence: { order: number; kind: 'pickup' | 'delivery' }[];
  windows: ({ start: number; end: number } | null)[];
}

interface Scenario {
  label: string;
  date: string;
  routeZone: string;
  destinationZone: string;
  bucket: (typeof timeframeBuckets)[number];
  points: LatLng[];
  routes: SeedRoute[];
  origin: number;
  destination: number;
  cart: { pounds: number; cubicInches: number };
  earliestStart: number;
  traffic: TrafficProfile | undefined;
}

const STORES: LatLng[] = [
  { latitude: 40.7033, longitude: -73.9881 },
  { latitude: 40.7447, longitude: -73.9485 },
];

/** Points around the stores: a few km to about 25 km out. */
function randomPoint(random: () => number): LatLng {
  return { latitude: 40.6 + random() * 0.3, longitude: -74.1 + random() * 0.35 };
}

function speedFactor(type: VehicleType): number {
  return VEHICLE_CATALOG[type].speedFactor;
}

/**
 * The verifier's problem for one route: its vehicle, its booked orders as shipments with their
 * windows, and the new order last (dropoff window as given). Location `points.length` is a stand-in
 * with no travel to or from anywhere, for a route without a depot (it begins at its first stop).
 */
function routeProblem(
  scenario: Scenario,
  route: SeedRoute,
  dropoffWindow: { start: number; end: number },
  travel: ReturnType<typeof embeddedMatrix>,
): Problem {
  const real = scenario.points.length;
  const n = real + 1;
  const durations = new Float64Array(n * n);
  const distances = new Float64Array(n * n);
  for (let i = 0; i < real; i++) {
    for (let j = 0; j < real; j++) {
      durations[i * n + j] = travel.durations[i * real + j]!;
      distances[i * n + j] = travel.distances[i * real + j]!;
    }
  }
  const { booked } = route;
  const vehicle: Vehicle = {
    id: booked.externalId,
    startLocation: route.startPoint ?? real,
    endLocation: route.endPoint,
    earliestStart: booked.scheduledStart,
    latestEnd: booked.shiftEnd,
    capacity: [booked.capacity.pounds, booked.capacity.cubicInches],
    skills: [],
    maxStops: booked.maxStops,
    fixedCost: 0,
    costPerHour: 1,
    costPerMeter: 0,
    speedFactor: speedFactor(route.vehicleType),
  };
  const stopAt = (location: number, window: { start: number; end: number } | null): Stop => ({
    location,
    serviceSeconds: SERVICE_SECONDS,
    timeWindows: window ? [window] : [],
  });
  const shipments: Shipment[] = route.orders.map((order, o) => {
    const pickupAt = route.sequence.findIndex((s) => s.order === o && s.kind === 'pickup');
    const dropoffAt = route.sequence.findIndex((s) => s.order === o && s.kind === 'delivery');
    return {
      id: order.id,
      pickup: stopAt(order.pickup, route.windows[pickupAt] ?? null),
      delivery: stopAt(order.dropoff, route.windows[dropoffAt] ?? null),
      size: [order.pounds, order.cubicInches],
      requiredSkills: [],
      priority: 0,
    };
  });
  shipments.push({
    id: 'new',
    pickup: stopAt(scenario.origin, null),
    delivery: stopAt(scenario.destination, dropoffWindow),
    size: [scenario.cart.pounds, scenario.cart.cubicInches],
    requiredSkills: [],
    priority: 0,
  });
  return {
    locationCount: n,
    durations,
    distances,
    dimensions: 2,
    vehicles: [vehicle],
    shipments,
    objective: 'MIN_DURATION',
    ...(scenario.traffic ? { traffic: scenario.traffic } : {}),
  };
}

/** Every way to insert the new order's pickup and dropoff into a route (pickup first). */
function* insertions(route: SeedRoute): Generator<StopRef[]> {
  const existing: StopRef[] = route.sequence.map((s) => ({ shipment: s.order, kind: s.kind }));
  const fresh = route.orders.length;
  for (let i = 0; i <= existing.length; i++) {
    for (let j = i; j <= existing.length; j++) {
      const sequence = [
        ...existing.slice(0, i),
        { shipment: fresh, kind: 'pickup' as const },
        ...existing.slice(i, j),
        { shipment: fresh, kind: 'delivery' as const },
        ...existing.slice(j),
      ];
      yield sequence;
    }
  }
}

/** The earliest dropoff service start over every insertion, with a feasible sequence, or null. */
function bruteForce(problem: Problem, route: SeedRoute): { start: number; sequence: StopRef[] } | null {
  let best: { start: number; sequence: StopRef[] } | null = null;
  const fresh = route.orders.length;
  for (const sequence of insertions(route)) {
    if (structuralFailure(problem, 0, sequence) !== null) continue;
    // Departing as early as the shift allows is never worse for feasibility or for an earliest arrival.
    const schedule = simulate(problem, 0, sequence, problem.vehicles[0]!.earliestStart);
    if (!schedule.feasible) continue;
    const at = sequence.findIndex((s) => s.shipment === fresh && s.kind === 'delivery');
    const start = schedule.stops[at]!.serviceStart;
    if (!best || start < best.start) best = { start, sequence };
  }
  return best;
}

/** A booked route, generated feasible: simulated without windows, then windows put around its times. */
function seedRoute(
  scenario: Scenario,
  random: () => number,
  index: number,
  travel: ReturnType<typeof embeddedMatrix>,
): SeedRoute {
  const vehicleType = VEHICLE_TYPES[index % VEHICLE_TYPES.length]!;
  const spec = VEHICLE_CATALOG[vehicleType];
  const hasDepot = random() < 0.75;
  const storeIndex = random() < 0.8 ? 0 : 1;
  const orderCount = 1 + Math.floor(random() * 7);
  const orders: SeedOrder[] = Array.from({ length: orderCount }, (_, o) => ({
    id: `r${index}-o${o}`,
    pickup: random() < 0.85 ? storeIndex : 1 - storeIndex,
    dropoff: STORES.length + Math.floor(random() * (scenario.points.length - STORES.length)),
    // Up to an eighth of the vehicle's room each: the route fits the vehicle it was booked on.
    pounds: Math.ceil(spec.capacityPounds * (0.01 + random() * 0.11)),
    cubicInches: Math.ceil(spec.capacityCubicInches * (0.01 + random() * 0.11)),
  }));
  // A random valid order of stops: each pickup before its dropoff.
  const sequence: SeedRoute['sequence'] = [];
  const waiting = orders.map((_, o) => o);
  const onBoard: number[] = [];
  while (waiting.length > 0 || onBoard.length > 0) {
    if (waiting.length > 0 && (onBoard.length === 0 || random() < 0.5)) {
      const o = waiting.splice(Math.floor(random() * waiting.length), 1)[0]!;
      sequence.push({ order: o, kind: 'pickup' });
      onBoard.push(o);
    } else {
      const o = onBoard.splice(Math.floor(random() * onBoard.length), 1)[0]!;
      sequence.push({ order: o, kind: 'delivery' });
    }
  }
  const scheduledStart = localTimeToEpoch(scenario.date, random() < 0.5 ? '07:00' : '08:30', scenario.routeZone);
  const startPoint = hasDepot ? storeIndex : null;
  const endPoint = hasDepot && random() < 0.5 ? storeIndex : null;
  const route: SeedRoute = {
    vehicleType,
    startPoint,
    endPoint,
    orders,
    sequence,
    windows: sequence.map(() => null),
    // First on a day-long shift with the catalog's room: only to simulate the booked times.
    booked: {
      id: index + 1,
      accountId: 1,
      externalId: `route-${index + 1}`,
      vehicleType,
      routeSkills: [],
      timeZone: scenario.routeZone,
      scheduledStart,
      shiftEnd: scheduledStart + 86_400,
      routeStart: scheduledStart,
      routeEnd: scheduledStart,
      capacity: { pounds: spec.capacityPounds, cubicInches: spec.capacityCubicInches },
      maxStops: sequence.length + 2 + Math.floor(random() * 3),
      start: startPoint === null ? null : scenario.points[startPoint]!,
      end: endPoint === null ? null : scenario.points[endPoint]!,
      stops: [],
    },
  };
  const existing: StopRef[] = sequence.map((s) => ({ shipment: s.order, kind: s.kind }));
  const schedule = simulate(
    routeProblem(scenario, route, { start: 0, end: 1e12 }, travel),
    0,
    existing,
    scheduledStart,
  );
  expect(schedule.feasible, schedule.failure).toBe(true);

  // Windows: tight (minutes around the booked time), loose (hours), or none.
  const style = random();
  route.windows = schedule.stops.map((s) => {
    if (style < 0.35)
      return { start: Math.floor(s.serviceStart - random() * 600), end: Math.ceil(s.serviceStart + random() * 900) };
    if (style < 0.75)
      return random() < 0.8
        ? { start: Math.floor(s.serviceStart - 7200), end: Math.ceil(s.serviceStart + 10_800) }
        : null;
    return null;
  });
  // The shift: a little slack or a long day; the load room: nearly full or the catalog's.
  const peakPounds = Math.max(...schedule.stops.map((s) => s.load[0]!));
  const peakCubic = Math.max(...schedule.stops.map((s) => s.load[1]!));
  const nearlyFull = random() < 0.3;
  route.booked = {
    ...route.booked,
    shiftEnd: Math.ceil(schedule.end + (random() < 0.3 ? random() * 1200 : 3 * 3600 + random() * 7200)),
    routeEnd: schedule.end,
    capacity: nearlyFull
      ? {
          pounds: Math.ceil(peakPounds + random() * scenario.cart.pounds * 1.5),
          cubicInches: Math.ceil(peakCubic + random() * scenario.cart.cubicInches * 1.5),
        }
      : route.booked.capacity,
    stops: sequence.map((s, k) => {
      const order = orders[s.order]!;
      const at = scenario.points[s.kind === 'pickup' ? order.pickup : order.dropoff]!;
      const time = schedule.stops[k]!;
      const window = route.windows[k];
      return {
        stopNumber: k + 1,
        type: s.kind === 'pickup' ? ('pickup' as const) : ('dropoff' as const),
        orderExternalIds: [order.id],
        latitude: at.latitude,
        longitude: at.longitude,
        arrival: time.arrival,
        serviceStart: time.serviceStart,
        departure: time.departure,
        serviceSeconds: SERVICE_SECONDS,
        windowOpen: window ? window.start : null,
        windowClose: window ? window.end : null,
        loadPounds: time.load[0]!,
        loadCubicInches: time.load[1]!,
      };
    }),
  };
  return route;
}

const POOL_SIZE = 120;

function seedScenario(seed: number, date: string, routeZone: string, destinationZone: string): Scenario {
  const random = seededRandom(seed);
  const points = [...STORES.map((p) => ({ ...p })), ...Array.from({ length: POOL_SIZE }, () => randomPoint(random))];
  const travel = embeddedMatrix(points, 'car');
  const bucket = timeframeBuckets[Math.floor(random() * timeframeBuckets.length)]!;
  const sameDay = random() < 0.4;
  const scenario: Scenario = {
    label: '',
    date,
    routeZone,
    destinationZone,
    bucket,
    points,
    routes: [],
    origin: random() < 0.7 ? 0 : 1,
    destination: STORES.length + Math.floor(random() * POOL_SIZE),
    cart: { pounds: 20 + Math.floor(random() * 150), cubicInches: 2000 + Math.floor(random() * 20_000) },
    earliestStart: sameDay
      ? localTimeToEpoch(date, random() < 0.5 ? '12:40' : '17:25', destinationZone)
      : localTimeToEpoch(date, '00:00', destinationZone) - 86_400,
    traffic: trafficProfileFor('automatic', date, routeZone),
  };
  const routeCount = 4 + Math.floor(random() * 9);
  for (let r = 0; r < routeCount; r++) scenario.routes.push(seedRoute(scenario, random, r, travel));
  scenario.label = `${date}, routes in ${routeZone}, destination in ${destinationZone}, ${bucket}`;
  return scenario;
}

const offsetFormat = new Map<string, Intl.DateTimeFormat>();
/** "+HH:MM" / "-HH:MM" of a zone at an instant, from Intl (not from server/geo). */
function utcOffsetOf(epochSeconds: number, zone: string): string {
  let format = offsetFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormat.set(zone, format);
  }
  const name = format.formatToParts(new Date(epochSeconds * 1000)).find((p) => p.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

function localHourOf(epochSeconds: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(epochSeconds * 1000));
}

const DATES = [
  { date: '2026-03-08', why: 'spring forward' },
  { date: '2026-11-01', why: 'fall back' },
  { date: '2026-11-23', why: 'an ordinary day' },
];
const ZONES = [
  { routeZone: 'America/New_York', destinationZone: 'America/New_York' },
  { routeZone: 'America/Chicago', destinationZone: 'America/New_York' },
];

describe('the booking search, checked independently', () => {
  for (const { date, why } of DATES) {
    for (const zones of ZONES) {
      it(`${date} (${why}), routes in ${zones.routeZone}, destination in ${zones.destinationZone}: seeds ${SEEDS.join(', ')}`, async () => {
        let windowsChecked = 0;
        let omittedChecked = 0;
        for (const seed of SEEDS) {
          const scenario = seedScenario(seed, date, zones.routeZone, zones.destinationZone);
          const context = `${scenario.label} (seed ${seed}; rerun with BOOKING_CHECK_SEEDS=${seed})`;
          const { startHour, endHour } = DEFAULT_BUCKETS[scenario.bucket];
          const hours = bucketHours(date, startHour, endHour, zones.destinationZone);
          const input: PreparedBookingSearch = {
            routes: scenario.routes.map((r) => r.booked),
            order: {
              origin: scenario.points[scenario.origin]!,
              destination: scenario.points[scenario.destination]!,
              pounds: scenario.cart.pounds,
              cubicInches: scenario.cart.cubicInches,
              serviceSeconds: SERVICE_SECONDS,
            },
            hours,
            earliestStart: scenario.earliestStart,
            timeZone: zones.destinationZone,
            date,
            branchId: 1,
            bucket: scenario.bucket,
            booking: null,
            orderValueCents: 10_000,
            explain: true,
            clockOffsetMs: 0,
            settingsDigest: 'none',
          };
          const outcome = await runBookingSearch(input);
          const travel = embeddedMatrix(scenario.points, 'car');

          // The hours are the bucket's local hours in the destination's zone, an hour long each.
          expect(
            outcome.hours.map((h) => h.start.slice(11, 16)),
            context,
          ).toEqual(
            Array.from({ length: endHour - startHour }, (_, k) => `${String(startHour + k).padStart(2, '0')}:00`),
          );
          for (const hour of outcome.hours) {
            const start = Date.parse(hour.start) / 1000;
            expect(Date.parse(hour.end) / 1000 - start, context).toBe(3600);
            expect(hour.start, context).toBe(
              `${date}T${localHourOf(start, zones.destinationZone)}:00${utcOffsetOf(start, zones.destinationZone)}`,
            );
          }
          // The contract's windows are the hours' distinct windows (one price for all), sorted by start then end.
          const flat = [
            ...new Set(
              outcome.hours.flatMap((h) => h.windows.map((w) => `${w.deliveryWindowStart}|${w.deliveryWindowEnd}`)),
            ),
          ];
          const sorted = [...flat].sort(
            (a, b) =>
              Date.parse(a.split('|')[0]!) - Date.parse(b.split('|')[0]!) ||
              Date.parse(a.split('|')[1]!) - Date.parse(b.split('|')[1]!),
          );
          expect(
            outcome.windows.map((w) => `${w.deliveryWindowStart}|${w.deliveryWindowEnd}`),
            context,
          ).toEqual(sorted);
          expect(outcome.fallback, context).toBe(outcome.windows.length === 0 ? 'asap' : undefined);
          expect(outcome.fallbackReason !== undefined, context).toBe(outcome.windows.length === 0);

          for (const hour of outcome.hours) {
            const hourStart = Date.parse(hour.start) / 1000;
            const hourEnd = Date.parse(hour.end) / 1000;
            const searchable = { start: Math.max(hourStart, scenario.earliestStart), end: hourEnd - 1 };
            if (hour.windows.length === 0) expect(hour.reason, context).not.toBeNull();
            for (const route of scenario.routes) {
              const found = hour.windows.find((w) => w.routeId === route.booked.id);
              if (searchable.start > searchable.end) {
                expect(found, `${context}: ${hour.start} is before the lead time`).toBeUndefined();
                continue;
              }
              const brute = bruteForce(routeProblem(scenario, route, searchable, travel), route);
              if (!found) {
                // Omitted: no insertion position of this route serves the dropoff in this hour.
                expect(
                  brute,
                  `${context}: route ${route.booked.id} omitted at ${hour.start} though it fits`,
                ).toBeNull();
                omittedChecked++;
                continue;
              }
              const start = Date.parse(found.deliveryWindowStart) / 1000;
              expect(found.deliveryWindowStart.slice(-6), context).toBe(utcOffsetOf(start, zones.destinationZone));
              expect(Date.parse(found.deliveryWindowEnd) / 1000, context).toBe(hourEnd);
              expect(
                brute,
                `${context}: route ${route.booked.id} offered at ${found.deliveryWindowStart} though nothing fits`,
              ).not.toBeNull();
              // The earliest: the window starts where the brute force's earliest dropoff does (whole seconds).
              expect(
                Math.abs(start - Math.max(hourStart, Math.floor(brute!.start))),
                `${context}: route ${route.booked.id} at ${hour.start}`,
              ).toBeLessThanOrEqual(1);

              // Re-checked by the verifier: the dropoff served at the window's start, on that route.
              const exact = routeProblem(scenario, route, { start, end: start + 1 }, travel);
              const placed = bruteForce(exact, route);
              expect(
                placed,
                `${context}: no position serves route ${route.booked.id} at ${found.deliveryWindowStart}`,
              ).not.toBeNull();
              const schedule = simulate(exact, 0, placed!.sequence, exact.vehicles[0]!.earliestStart);
              const solved = routeFromSchedule(exact, 0, placed!.sequence, schedule);
              const solution: Solution = {
                routes: [solved],
                unassigned: [],
                cost: solved.duration,
                distance: solved.distance,
                duration: solved.duration,
                stats: { iterations: 0, elapsedMs: 0, timeToFirstFeasibleMs: 0, seed, threads: 1, progress: [] },
              };
              expect(checkSolution(exact, solution, { timeTolerance: 1e-3 }).violations, context).toEqual([]);
              windowsChecked++;
            }
          }
        }
        if (process.env.BOOKING_CHECK_VERBOSE)
          console.log(
            `${date} ${zones.routeZone}: ${windowsChecked} windows checked, ${omittedChecked} omitted (route, hour) pairs brute-forced`,
          );
        // The seeds exercise both sides.
        expect(windowsChecked).toBeGreaterThan(0);
        expect(omittedChecked).toBeGreaterThan(0);
      });
    }
  }
});
