/**
 * Built-in vehicle types. A fleet entry names one (directly, or through `vehicleMaps`); its
 * figures can be overridden per type or per vehicle (`vehicleSpecOverrides`, `vehicleSpec`).
 * Capacities are pounds and cubic inches, the routing API's payload units.
 */
export interface VehicleSpec {
  capacityPounds: number;
  capacityCubicInches: number;
  maxStops: number;
  /** Longest route from scheduled start to the end of the last stop. */
  shiftHours: number;
  /** Travel-time multiplier against the matrix (1 = a car at posted speeds, 1.2 = 20% slower). */
  speedFactor: number;
  /** Cost of using the vehicle at all, per hour of route and per mile (used by MIN_COST). */
  fixedCost: number;
  costPerHour: number;
  costPerMile: number;
}

const CUBIC_FEET = 1728;

export const VEHICLE_CATALOG = {
  car: {
    capacityPounds: 500,
    capacityCubicInches: 20 * CUBIC_FEET,
    maxStops: 40,
    shiftHours: 10,
    speedFactor: 1,
    fixedCost: 20,
    costPerHour: 22,
    costPerMile: 0.35,
  },
  'pickup-truck': {
    capacityPounds: 1500,
    capacityCubicInches: 60 * CUBIC_FEET,
    maxStops: 40,
    shiftHours: 10,
    speedFactor: 1.05,
    fixedCost: 35,
    costPerHour: 25,
    costPerMile: 0.55,
  },
  'cargo-van': {
    capacityPounds: 3000,
    capacityCubicInches: 250 * CUBIC_FEET,
    maxStops: 60,
    shiftHours: 10,
    speedFactor: 1.1,
    fixedCost: 50,
    costPerHour: 28,
    costPerMile: 0.6,
  },
  'sprinter-van': {
    capacityPounds: 4000,
    capacityCubicInches: 480 * CUBIC_FEET,
    maxStops: 60,
    shiftHours: 10,
    speedFactor: 1.12,
    fixedCost: 60,
    costPerHour: 30,
    costPerMile: 0.7,
  },
  'box-truck': {
    capacityPounds: 10_000,
    capacityCubicInches: 1600 * CUBIC_FEET,
    maxStops: 30,
    shiftHours: 11,
    speedFactor: 1.25,
    fixedCost: 90,
    costPerHour: 38,
    costPerMile: 1.1,
  },
} as const satisfies Record<string, VehicleSpec>;

export type CatalogVehicleType = keyof typeof VEHICLE_CATALOG;

export const VEHICLE_TYPES = Object.keys(VEHICLE_CATALOG) as CatalogVehicleType[];

export function isCatalogVehicleType(name: string): name is CatalogVehicleType {
  return Object.prototype.hasOwnProperty.call(VEHICLE_CATALOG, name);
}

/** The catalog's figures for `type`, with overrides applied left to right (later wins). */
export function resolveVehicleSpec(
  type: CatalogVehicleType,
  ...overrides: (Partial<VehicleSpec> | undefined)[]
): VehicleSpec {
  const spec: VehicleSpec = { ...VEHICLE_CATALOG[type] };
  for (const override of overrides) {
    if (!override) continue;
    for (const [key, value] of Object.entries(override) as [keyof VehicleSpec, number | undefined][]) {
      if (value !== undefined) spec[key] = value;
    }
  }
  return spec;
}

/**
 * Each catalog type's default delivery rate card (booking: base fee + per mile + per minute of the
 * added detour, in cents). An account's own rate card for a type replaces it; with these, an
 * account tree without booking settings (`pass_through`) still prices every catalog type.
 */
export const DEFAULT_RATE_CARDS: Record<
  CatalogVehicleType,
  { baseFeeCents: number; perMileCents: number; perMinuteCents: number }
> = {
  car: { baseFeeCents: 599, perMileCents: 60, perMinuteCents: 35 },
  'pickup-truck': { baseFeeCents: 899, perMileCents: 90, perMinuteCents: 40 },
  'cargo-van': { baseFeeCents: 999, perMileCents: 100, perMinuteCents: 45 },
  'sprinter-van': { baseFeeCents: 1199, perMileCents: 115, perMinuteCents: 50 },
  'box-truck': { baseFeeCents: 1999, perMileCents: 180, perMinuteCents: 65 },
};
