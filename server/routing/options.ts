import { OBJECTIVES, type Objective } from '@/server/optimizer/model';
import type { z } from 'zod';
import { mergeOptimizationSettings } from '@/server/accounts';
import { RoutingInputError } from './errors';
import { vehicleMappingSchema, vehicleSpecSchema } from './request-schema';
import type { VehicleSpec } from './vehicle-catalog';
import { jsonPath } from '@/server/validation';

/**
 * Routing options after merging, in the contract's order (later wins): the service defaults below,
 * the account's effective optimization settings (inherited down the account tree), the request's
 * `options`. Map-like options (sent as [key, value] tuples) merge per key, so a request can
 * override one vehicle type's figures without restating the account's others.
 */
export interface ResolvedRoutingOptions {
  objective: Objective;
  trafficMode: 'automatic' | 'none';
  enableStopClustering: boolean;
  volumeOptimization: boolean;
  bundlePayloadItems: boolean;
  tagPriorities: Map<string, number>;
  lockedStops: [string, { orderExternalId: string; type: 'pickup' | 'dropoff' }[]][];
  vehicleMaps: Map<string, string>;
  vehicleSpecOverrides: Map<string, Partial<VehicleSpec>>;
  serviceTime: { setupSeconds: number; perItemSeconds: number };
  /** Solver search time; unset: scaled with the problem size (see solve-routing.ts). */
  solverTimeLimitSeconds: number | undefined;
}

/** One layer of options as stored in settings or sent with a request: every field optional. */
export interface RoutingOptionsLayer {
  objective?: string | undefined;
  trafficMode?: 'automatic' | 'none' | undefined;
  enableStopClustering?: boolean | undefined;
  volumeOptimization?: boolean | undefined;
  bundlePayloadItems?: boolean | undefined;
  tagPriorities?: readonly (readonly [string, number])[] | undefined;
  lockedStops?:
    readonly (readonly [string, readonly { orderExternalId: string; type: 'pickup' | 'dropoff' }[]])[] | undefined;
  /** Values are checked here: stored settings keep them as opaque objects. */
  vehicleMaps?: readonly (readonly [string, unknown])[] | undefined;
  vehicleSpecOverrides?: readonly (readonly [string, unknown])[] | undefined;
  serviceTime?: { setupSeconds?: number | undefined; perItemSeconds?: number | undefined } | undefined;
  solverTimeLimitSeconds?: number | undefined;
}

/** The objectives a request may name: the contract's four, then the optimizer's own. */
export const ACCEPTED_OBJECTIVES: readonly Objective[] = OBJECTIVES;

function isObjective(value: string): value is Objective {
  return (ACCEPTED_OBJECTIVES as readonly string[]).includes(value);
}

export const SERVICE_DEFAULT_OPTIONS: ResolvedRoutingOptions = {
  objective: 'MIN_DURATION',
  trafficMode: 'automatic',
  enableStopClustering: false,
  volumeOptimization: false,
  bundlePayloadItems: false,
  tagPriorities: new Map(),
  lockedStops: [],
  vehicleMaps: new Map(),
  vehicleSpecOverrides: new Map(),
  serviceTime: { setupSeconds: 180, perItemSeconds: 30 },
  solverTimeLimitSeconds: undefined,
};

/**
 * The options in force: the service defaults, then the account's effective settings, then the
 * request's options, merged as the account tree merges settings (`mergeOptimizationSettings`:
 * tuples per key, nested objects per field), then checked and normalized for the solver.
 */
export function mergeRoutingOptions(
  settings: RoutingOptionsLayer | undefined,
  request: RoutingOptionsLayer | undefined,
): ResolvedRoutingOptions {
  const layered = mergeOptimizationSettings<Record<string, unknown>>(
    mergeOptimizationSettings<Record<string, unknown>>({}, { ...(settings ?? {}) }),
    {
      ...(request ?? {}),
    },
  ) as RoutingOptionsLayer;
  const fromSettings = (key: keyof RoutingOptionsLayer) =>
    settings?.[key] !== undefined && request?.[key] === undefined;
  const merged: ResolvedRoutingOptions = {
    ...SERVICE_DEFAULT_OPTIONS,
    serviceTime: { ...SERVICE_DEFAULT_OPTIONS.serviceTime, ...definedOnly(layered.serviceTime ?? {}) },
    tagPriorities: new Map(layered.tagPriorities ?? []),
    vehicleMaps: new Map(),
    vehicleSpecOverrides: new Map(),
    lockedStops: (layered.lockedStops ?? []).map(([itinerary, stops]) => [
      itinerary,
      stops.map((stop) => ({ orderExternalId: stop.orderExternalId, type: stop.type })),
    ]),
  };
  if (layered.objective !== undefined) {
    if (!isObjective(layered.objective)) {
      throw new RoutingInputError(
        'options.objective',
        `Unknown objective "${layered.objective}"${fromSettings('objective') ? " in the account's optimization settings" : ''}; accepted values: ${ACCEPTED_OBJECTIVES.join(', ')}.`,
      );
    }
    merged.objective = layered.objective;
  }
  if (layered.trafficMode !== undefined) merged.trafficMode = layered.trafficMode;
  if (layered.enableStopClustering !== undefined) merged.enableStopClustering = layered.enableStopClustering;
  if (layered.volumeOptimization !== undefined) merged.volumeOptimization = layered.volumeOptimization;
  if (layered.bundlePayloadItems !== undefined) merged.bundlePayloadItems = layered.bundlePayloadItems;
  if (layered.solverTimeLimitSeconds !== undefined) merged.solverTimeLimitSeconds = layered.solverTimeLimitSeconds;
  const mapsOrigin = fromSettings('vehicleMaps') ? 'settings' : 'request';
  layered.vehicleMaps?.forEach(([key, value], i) => {
    merged.vehicleMaps.set(
      key,
      checked(vehicleMappingSchema, value, `options.vehicleMaps[${i}][1]`, mapsOrigin).vehicleType,
    );
  });
  const overridesOrigin = fromSettings('vehicleSpecOverrides') ? 'settings' : 'request';
  layered.vehicleSpecOverrides?.forEach(([key, value], i) => {
    merged.vehicleSpecOverrides.set(
      key,
      definedOnly(checked(vehicleSpecSchema, value, `options.vehicleSpecOverrides[${i}][1]`, overridesOrigin)),
    );
  });
  return merged;
}

function checked<S extends z.ZodType>(
  schema: S,
  value: unknown,
  param: string,
  source: 'settings' | 'request',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = jsonPath(issue?.path ?? [], param);
  const origin = source === 'settings' ? " (from the account's optimization settings)" : '';
  throw new RoutingInputError(field, `${field}${origin}: ${issue?.message ?? 'invalid'}`);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An order's priority: the highest of its tags' priorities (0 when none is listed). */
export function orderPriority(
  tags: readonly { name: string }[] | undefined,
  tagPriorities: ReadonlyMap<string, number>,
): number {
  let priority = 0;
  for (const tag of tags ?? []) priority = Math.max(priority, tagPriorities.get(tag.name) ?? 0);
  return priority;
}
