/**
 * Seeded instance generators: small random PDPTW problems for property tests, and realistic city
 * problems for the scale benchmark. Same seed, same problem, on every machine.
 */
import {
  OBJECTIVES,
  type Objective,
  type Problem,
  type Shipment,
  type Stop,
  type TimeWindow,
  type TrafficProfile,
  type Vehicle,
} from '../model';

/** mulberry32: a small, fast, well-mixed 32-bit PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const intBetween = (random: () => number, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export interface RandomInstanceOptions {
  shipments: number;
  vehicles: number;
  objective?: Objective;
  /** Share of shipments with only a delivery (loaded at the start) or only a pickup (carried to the end). */
  singleStopShare?: number;
  /** Share of stops with two windows instead of one. */
  multiWindowShare?: number;
  /** Share of stops with no window at all. */
  openStopShare?: number;
  openRoutes?: boolean;
  skills?: boolean;
  priorities?: boolean;
  allowedVehicles?: boolean;
  maxStops?: boolean;
  maxDuration?: boolean;
  speedFactors?: boolean;
  traffic?: boolean;
  locks?: boolean;
  /** Window width in seconds (default 1-3 h). */
  windowSeconds?: [number, number];
  /** Capacity relative to the total size of all shipments (default 0.6). */
  capacityShare?: number;
  /** Driver breaks: each vehicle gets 1 to this many (15-45 min, windows of up to 2 h more). */
  breaks?: number;
}

/**
 * Every model feature of randomInstance switched on by turns as the seed runs 1, 2, 3...: the mix
 * property tests of the search use, so that a few dozen seeds cover each feature and most pairs.
 */
export function featureMix(seed: number): Omit<RandomInstanceOptions, 'shipments' | 'vehicles'> {
  return {
    objective: OBJECTIVES[seed % OBJECTIVES.length]!,
    singleStopShare: seed % 2 === 0 ? 0.4 : 0,
    multiWindowShare: seed % 3 === 0 ? 0.3 : 0,
    openRoutes: seed % 5 === 0,
    skills: seed % 4 === 0,
    priorities: seed % 6 === 0,
    maxStops: seed % 7 === 0,
    maxDuration: seed % 5 === 1,
    speedFactors: seed % 3 === 1,
    traffic: seed % 4 === 1,
    locks: seed % 8 === 2,
    breaks: seed % 9 === 4 ? 1 : 0,
  };
}

/** The instance a mixed-feature property test draws for seed: featureMix(seed) under the options given. */
export function mixedInstance(seed: number, instanceSeed: number, options: RandomInstanceOptions): Problem {
  return randomInstance(instanceSeed, { ...featureMix(seed), ...options });
}

/** Time zero of generated instances: 08:00 of day 0, so traffic buckets read as local time. */
export const DAY_START = 8 * 3600;
const SHIFT = 8 * 3600;
const SQUARE_METERS = 12_000;
const METERS_PER_SECOND = 10;
const SKILLS = ['liftgate', 'freezer', 'hazmat'];

/** A rush-hour profile: 30% slower 07-09 and 16-18, free flow otherwise (hour buckets). */
export function rushHourTraffic(offsetSeconds = 0): TrafficProfile {
  const factors = new Float64Array(24).fill(1);
  for (const h of [7, 8, 16, 17]) factors[h] = 1.3;
  return { bucketSeconds: 3600, offsetSeconds, factors };
}

/** Euclidean matrices (meters, seconds at a constant speed) over points in meters. */
export function euclideanMatrices(points: readonly [number, number][], metersPerSecond: number) {
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = Math.hypot(points[i]![0] - points[j]![0], points[i]![1] - points[j]![1]);
      distances[i * n + j] = d;
      durations[i * n + j] = d / metersPerSecond;
    }
  }
  return { distances, durations };
}

/** A random pickup-and-delivery problem with time windows; options switch model features on. */
export function randomInstance(seed: number, options: RandomInstanceOptions): Problem {
  const random = seededRandom(seed);
  const points: [number, number][] = [];
  const location = () => {
    points.push([random() * SQUARE_METERS, random() * SQUARE_METERS]);
    return points.length - 1;
  };
  const depots = [location(), location()];
  const [minWidth, maxWidth] = options.windowSeconds ?? [3600, 3 * 3600];
  const windows = (): TimeWindow[] => {
    if (random() < (options.openStopShare ?? 0)) return [];
    const width = intBetween(random, minWidth, maxWidth);
    const start = DAY_START + intBetween(random, 0, SHIFT - width);
    if (random() >= (options.multiWindowShare ?? 0)) return [{ start, end: start + width }];
    const gap = intBetween(random, 1800, 7200);
    const width2 = intBetween(random, minWidth, maxWidth);
    return [
      { start, end: start + width },
      { start: start + width + gap, end: start + width + gap + width2 },
    ];
  };
  const stop = (): Stop => ({
    location: location(),
    serviceSeconds: intBetween(random, 60, 600),
    timeWindows: windows(),
  });

  const shipments: Shipment[] = [];
  for (let i = 0; i < options.shipments; i++) {
    const single = random() < (options.singleStopShare ?? 0);
    const which = random() < 0.5;
    shipments.push({
      id: `s${i}`,
      pickup: single && which ? null : stop(),
      delivery: single && !which ? null : stop(),
      size: [intBetween(random, 10, 200), intBetween(random, 100, 5000)],
      requiredSkills: options.skills && random() < 0.3 ? [pick(random, SKILLS)] : [],
      priority: options.priorities ? intBetween(random, 0, 5) : 0,
    });
  }
  const totalWeight = shipments.reduce((s, x) => s + x.size[0]!, 0);
  const totalVolume = shipments.reduce((s, x) => s + x.size[1]!, 0);
  const capacityShare = options.capacityShare ?? 0.6;

  const vehicles: Vehicle[] = [];
  for (let v = 0; v < options.vehicles; v++) {
    const depot = depots[v % depots.length]!;
    const open = options.openRoutes === true && random() < 0.5;
    const lateStart = random() < 0.3 ? intBetween(random, 1, 4) * 1800 : 0;
    vehicles.push({
      id: `v${v}`,
      startLocation: depot,
      endLocation: open ? null : depot,
      earliestStart: DAY_START + lateStart,
      latestEnd: DAY_START + SHIFT + 3600,
      maxDuration: options.maxDuration && random() < 0.5 ? intBetween(random, 3, 6) * 3600 : undefined,
      capacity: [
        Math.ceil(totalWeight * capacityShare * (0.5 + random())),
        Math.ceil(totalVolume * capacityShare * (0.5 + random())),
      ],
      skills: options.skills ? SKILLS.filter(() => random() < 0.5) : [],
      maxStops: options.maxStops && random() < 0.5 ? intBetween(random, 2, 6) : undefined,
      fixedCost: intBetween(random, 50, 150),
      costPerHour: intBetween(random, 20, 40),
      costPerMeter: intBetween(random, 1, 10) / 10_000,
      speedFactor: options.speedFactors ? pick(random, [1, 1, 1.2, 1.5]) : 1,
    });
  }
  if (options.allowedVehicles) {
    for (const s of shipments) {
      if (random() < 0.3) s.allowedVehicles = [...Array(options.vehicles).keys()].filter(() => random() < 0.6);
    }
  }

  const problem: Problem = {
    locationCount: points.length,
    ...euclideanMatrices(points, METERS_PER_SECOND),
    dimensions: 2,
    vehicles,
    shipments,
    objective: options.objective ?? 'MIN_DURATION',
  };
  if (options.traffic) problem.traffic = rushHourTraffic();
  if (options.locks && shipments.length > 0 && vehicles.length > 0) {
    // Lock one or two shipments' stops, in a valid order, to one vehicle.
    const vehicle = intBetween(random, 0, vehicles.length - 1);
    const lockedShipments = [
      ...new Set([intBetween(random, 0, shipments.length - 1), intBetween(random, 0, shipments.length - 1)]),
    ];
    const stops = lockedShipments.flatMap((s) => [
      ...(shipments[s]!.pickup ? [{ shipment: s, kind: 'pickup' as const }] : []),
      ...(shipments[s]!.delivery ? [{ shipment: s, kind: 'delivery' as const }] : []),
    ]);
    problem.lockedSequences = [{ vehicle, stops }];
  }
  // Drawn last, so that the rest of an instance does not change with this option.
  if (options.breaks) {
    for (const vehicle of vehicles) {
      vehicle.breaks = Array.from({ length: intBetween(random, 1, options.breaks) }, () => {
        const durationSeconds = pick(random, [900, 1800, 2700]);
        const earliestStart = DAY_START + intBetween(random, 0, SHIFT - 3600);
        return {
          earliestStart,
          latestEnd: earliestStart + durationSeconds + intBetween(random, 0, 7200),
          durationSeconds,
        };
      });
    }
  }
  return problem;
}

interface LatLon {
  latitude: number;
  longitude: number;
}

/** Builds travel matrices (seconds, meters, row-major) over points; the benchmark passes the geo module's. */
export type MatrixBuilder = (points: readonly LatLon[]) => { durations: Float64Array; distances: Float64Array };

/**
 * Fallback when no builder is passed: great-circle distance x 1.3 circuity at 35 km/h. The scale
 * benchmark uses the geo module's embedded model instead; this keeps the generator self-contained.
 */
export const haversineMatrix: MatrixBuilder = (points) => {
  const n = points.length;
  const distances = new Float64Array(n * n);
  const durations = new Float64Array(n * n);
  const rad = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = points[i]!;
      const b = points[j]!;
      const h =
        Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
        Math.cos(a.latitude * rad) *
          Math.cos(b.latitude * rad) *
          Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
      const meters = 2 * 6_371_008.8 * Math.asin(Math.sqrt(h)) * 1.3;
      distances[i * n + j] = distances[j * n + i] = meters;
      durations[i * n + j] = durations[j * n + i] = meters / (35 / 3.6);
    }
  }
  return { distances, durations };
};

export interface CityInstanceOptions {
  orders: number;
  vehicles: number;
  objective?: Objective;
  matrix?: MatrixBuilder;
  traffic?: boolean;
  /** A driver break of this many minutes for every vehicle, taken 3 to 6 hours into its shift. */
  breakMinutes?: number;
}

/** Atlanta, GA: the metro the city instances are drawn in, and four depots around it. */
export const CITY = {
  name: 'Atlanta metro',
  center: { latitude: 33.749, longitude: -84.388 },
  /** Eastern Standard Time, the offset on the instance date. */
  utcOffsetSeconds: -5 * 3600,
  depots: [
    { latitude: 33.9526, longitude: -84.5499 }, // Marietta
    { latitude: 33.7748, longitude: -84.2963 }, // Decatur
    { latitude: 33.6534, longitude: -84.4494 }, // College Park
    { latitude: 33.9412, longitude: -84.2135 }, // Norcross
  ],
  radiusKm: 22,
};

/** 2026-11-23 (a Monday), 00:00 local time in Atlanta, as epoch seconds. */
export const CITY_DAY = Date.UTC(2026, 10, 23, 5, 0, 0) / 1000;

const VAN = {
  capacity: [3_000, 400_000],
  skills: ['refrigerated'],
  speedFactor: 1,
  fixedCost: 80,
  costPerHour: 28,
  costPerMeter: 0.0004,
};
const TRUCK = {
  capacity: [10_000, 1_500_000],
  skills: ['liftgate'],
  speedFactor: 1.15,
  fixedCost: 160,
  costPerHour: 38,
  costPerMeter: 0.0008,
};

/**
 * A day of deliveries in a metro area: depots around the city, orders spread denser toward the
 * center with two-hour windows between 08:00 and 20:00, mostly depot deliveries (loaded at the
 * start) plus store-to-customer shipments and customer returns (carried back to the depot);
 * a mixed fleet of vans and box trucks (pounds and cubic inches), heavy orders needing a liftgate
 * and some chilled orders a refrigerated van. Times are epoch seconds on CITY_DAY.
 */
export function cityInstance(seed: number, options: CityInstanceOptions): Problem {
  const random = seededRandom(seed);
  const points: LatLon[] = CITY.depots.slice();
  const kmPerDegreeLat = 111.32;
  const kmPerDegreeLon = kmPerDegreeLat * Math.cos((CITY.center.latitude * Math.PI) / 180);
  const place = () => {
    // Denser toward the center: radius ~ R * u^0.8 rather than the uniform-disc R * sqrt(u).
    const r = CITY.radiusKm * random() ** 0.8;
    const angle = random() * 2 * Math.PI;
    points.push({
      latitude: CITY.center.latitude + (r * Math.sin(angle)) / kmPerDegreeLat,
      longitude: CITY.center.longitude + (r * Math.cos(angle)) / kmPerDegreeLon,
    });
    return points.length - 1;
  };
  const hour = 3600;
  const twoHourWindow = (): TimeWindow[] => {
    const startHour = intBetween(random, 8, 18);
    return [{ start: CITY_DAY + startHour * hour, end: CITY_DAY + (startHour + 2) * hour }];
  };
  const stopAt = (location: number, windows: TimeWindow[]): Stop => ({
    location,
    serviceSeconds: intBetween(random, 3, 10) * 60,
    timeWindows: windows,
  });

  const shipments: Shipment[] = [];
  for (let i = 0; i < options.orders; i++) {
    const kind = random();
    const pounds = random() < 0.1 ? intBetween(random, 150, 900) : intBetween(random, 2, 120);
    const cubicInches = Math.round(pounds * intBetween(random, 150, 600));
    const requiredSkills = pounds >= 150 ? ['liftgate'] : random() < 0.05 ? ['refrigerated'] : [];
    let pickup: Stop | null = null;
    let delivery: Stop | null = null;
    if (kind < 0.7) {
      delivery = stopAt(place(), twoHourWindow());
    } else if (kind < 0.9) {
      // Store to customer: the store is open all day, the customer books two hours.
      pickup = stopAt(place(), [{ start: CITY_DAY + 8 * hour, end: CITY_DAY + 17 * hour }]);
      const window = twoHourWindow()[0]!;
      delivery = stopAt(place(), [
        { start: Math.max(window.start, CITY_DAY + 10 * hour), end: Math.max(window.end, CITY_DAY + 12 * hour) },
      ]);
    } else {
      pickup = stopAt(place(), twoHourWindow());
    }
    shipments.push({
      id: `order-${i + 1}`,
      pickup,
      delivery,
      size: [pounds, cubicInches],
      requiredSkills,
      priority: random() < 0.1 ? 3 : random() < 0.05 ? 5 : 1,
    });
  }

  const vehicles: Vehicle[] = [];
  for (let v = 0; v < options.vehicles; v++) {
    const truck = v % 4 === 3;
    const spec = truck ? TRUCK : VAN;
    const depot = v % CITY.depots.length;
    const startHour = pick(random, truck ? [7, 9, 10] : [7, 8, 9]);
    vehicles.push({
      id: `${truck ? 'truck' : 'van'}-${v + 1}`,
      startLocation: depot,
      endLocation: depot,
      earliestStart: CITY_DAY + startHour * hour,
      latestEnd: CITY_DAY + (startHour + 11) * hour,
      maxDuration: 10 * hour,
      capacity: spec.capacity.slice(),
      skills: truck ? spec.skills.slice() : random() < 0.3 ? spec.skills.slice() : [],
      maxStops: truck ? 30 : 40,
      fixedCost: spec.fixedCost,
      costPerHour: spec.costPerHour,
      costPerMeter: spec.costPerMeter,
      speedFactor: spec.speedFactor,
      ...(options.breakMinutes
        ? {
            breaks: [
              {
                earliestStart: CITY_DAY + (startHour + 3) * hour,
                latestEnd: CITY_DAY + (startHour + 6) * hour,
                durationSeconds: options.breakMinutes * 60,
              },
            ],
          }
        : {}),
    });
  }

  const matrix = (options.matrix ?? haversineMatrix)(points);
  const problem: Problem = {
    locationCount: points.length,
    durations: matrix.durations,
    distances: matrix.distances,
    dimensions: 2,
    vehicles,
    shipments,
    objective: options.objective ?? 'MIN_DURATION',
  };
  if (options.traffic ?? true) problem.traffic = rushHourTraffic(CITY.utcOffsetSeconds);
  return problem;
}
