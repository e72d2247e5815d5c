import { epochToLocalIso } from '@/server/geo';
import type { FixDetail, OrderSide, Unassigned, VerdictDetail } from '@/server/optimizer';
import type { FleetEntry, RoutingProblem } from './build-problem';
import type { UnassignedFix } from './responses';

/**
 * An unassigned order's reason said the way a dispatcher reads it: local times with their UTC
 * offset in the stop's time zone, pounds and cubic inches, the fleet's own vehicle ids, and which
 * side of the order (pickup or dropoff) fails. The solver states the fact in its own units
 * (`VerdictDetail`); this is the only place that turns it into words for the API.
 */
export function describeUnassigned(routing: RoutingProblem, fleet: readonly FleetEntry[], missed: Unassigned): string {
  if (!missed.detail) return missed.description;
  const text = describeDetail(new ReasonContext(routing, fleet, missed.shipment), missed.detail);
  // Room left is time too: say that the drivers' breaks took some.
  if (missed.detail.kind === 'no_room' && routing.problem.vehicles.some((v) => (v.breaks?.length ?? 0) > 0)) {
    return `${text} The drivers' breaks (vehicleSpec.breaks) are part of the vehicles' time.`;
  }
  return text;
}

/**
 * The fix the solver found for an unassigned order, in the request's terms: which field of the
 * order or fleet entry to change and to what, with a sentence saying it. Undefined when the solver
 * found none (or, for a window of bundled orders, when one order's window is not the whole story).
 */
export function describeFix(
  routing: RoutingProblem,
  fleet: readonly FleetEntry[],
  missed: Unassigned,
): UnassignedFix | undefined {
  if (!missed.fix) return undefined;
  return renderFix(new ReasonContext(routing, fleet, missed.shipment), routing, fleet, missed.shipment, missed.fix);
}

const WINDOW_FIELD = {
  pickup: { open: 'pickupWindowOpen', close: 'pickupWindowClose' },
  delivery: { open: 'dropoffWindowOpen', close: 'dropoffWindowClose' },
} as const;

function renderFix(
  context: ReasonContext,
  routing: RoutingProblem,
  fleet: readonly FleetEntry[],
  shipment: number,
  fix: FixDetail,
): UnassignedFix | undefined {
  const entryOf = (vehicle: number): FleetEntry | undefined => fleet[routing.vehicles[vehicle]?.fleetIndex ?? -1];
  switch (fix.kind) {
    case 'widen_window': {
      // A bundle's window is the intersection of its orders' windows: one order's change is not enough.
      if ((routing.shipmentOrders[shipment]?.length ?? 0) !== 1) return undefined;
      const minutes = Math.round(fix.seconds / 60);
      const value = context.time(fix.bound === 'close' ? fix.end : fix.start, fix.side);
      const name = SIDE_NAME[fix.side];
      const change = fix.bound === 'close' ? `closing ${minutes} min later` : `opening ${minutes} min earlier`;
      return {
        kind: 'widen_window',
        description: `A ${name} window ${change} (at ${value}) would let the order in.`,
        side: fix.side === 'pickup' ? 'pickup' : 'dropoff',
        bound: fix.bound,
        minutes,
        field: WINDOW_FIELD[fix.side][fix.bound],
        value,
      };
    }
    case 'extend_shift': {
      const entry = entryOf(fix.vehicle);
      const vehicle = routing.problem.vehicles[fix.vehicle];
      if (!entry || !vehicle) return undefined;
      const minutes = Math.round(fix.seconds / 60);
      const shiftEnd = context.time(fix.latestEnd, 'delivery');
      return {
        kind: 'extend_shift',
        description: `${upperFirst(context.vehicleName(fix.vehicle))} with its shift ending ${minutes} min later (at ${shiftEnd}) would take the order.`,
        vehicleExternalId: entry.vehicleExternalId,
        minutes,
        shiftEnd,
        shiftHours: (fix.latestEnd - vehicle.earliestStart) / 3600,
      };
    }
    case 'add_capacity': {
      const entry = entryOf(fix.vehicle);
      if (!entry) return undefined;
      const pounds = Math.ceil(fix.extra[0] ?? 0);
      const cubicInches = Math.ceil(fix.extra[1] ?? 0);
      const amounts = [pounds > 0 ? amount(0, pounds) : null, cubicInches > 0 ? amount(1, cubicInches) : null]
        .filter((x) => x !== null)
        .join(' and ');
      const spec = routing.vehicles[fix.vehicle]!.spec;
      return {
        kind: 'add_capacity',
        description: `Capacity ${amounts} more on ${context.vehicleName(fix.vehicle)} would let the order in.`,
        vehicleExternalId: entry.vehicleExternalId,
        pounds,
        cubicInches,
        capacityPounds: spec.capacityPounds + pounds,
        capacityCubicInches: spec.capacityCubicInches + cubicInches,
      };
    }
    case 'add_skill': {
      const entry = entryOf(fix.vehicle);
      if (!entry) return undefined;
      return {
        kind: 'add_skill',
        description: `${upperFirst(context.vehicleName(fix.vehicle))} with ${fix.skills.length === 1 ? 'skill' : 'skills'} ${fix.skills.join(', ')} would take the order.`,
        vehicleExternalId: entry.vehicleExternalId,
        skills: [...fix.skills],
      };
    }
    case 'add_vehicle': {
      const extra = routing.extraVehicles[fix.candidate];
      const entry = extra ? entryOf(extra.template) : undefined;
      if (!extra || !entry) return undefined;
      const fleetEntry: Record<string, unknown> = {
        driverExternalId: 'new-driver',
        vehicleExternalId: 'new-vehicle',
        vehicleType: extra.type,
        scheduledStart: entry.scheduledStart,
        ...(entry.startAddress ? { startAddress: entry.startAddress } : {}),
        ...(entry.endAddress ? { endAddress: entry.endAddress } : {}),
        ...(entry.routeSkills && entry.routeSkills.length > 0 ? { routeSkills: [...entry.routeSkills] } : {}),
        // Checked with the template vehicle's driver breaks: the suggested entry keeps them.
        vehicleSpec: { ...extra.spec, ...(entry.vehicleSpec?.breaks ? { breaks: entry.vehicleSpec.breaks } : {}) },
      };
      return {
        kind: 'add_vehicle',
        description: `One more ${extra.type} like ${context.vehicleName(extra.template)} (same start, depot and skills) would serve the order.`,
        vehicleType: extra.type,
        likeVehicleExternalId: entry.vehicleExternalId,
        fleetEntry,
      };
    }
  }
}

class ReasonContext {
  constructor(
    private readonly routing: RoutingProblem,
    private readonly fleet: readonly FleetEntry[],
    private readonly shipment: number,
  ) {}

  vehicleName(vehicle: number): string {
    const entry = this.fleet[this.routing.vehicles[vehicle]?.fleetIndex ?? -1];
    return entry ? `vehicle ${entry.vehicleExternalId}` : `vehicle #${vehicle + 1}`;
  }

  /** The time zone of the order's stop on that side (the other side's when it has none). */
  zoneOf(side: OrderSide): string {
    const shipment = this.routing.problem.shipments[this.shipment];
    const stop =
      side === 'pickup' ? (shipment?.pickup ?? shipment?.delivery) : (shipment?.delivery ?? shipment?.pickup);
    return (stop ? this.routing.timeZones[stop.location] : undefined) ?? this.routing.timeZones[0] ?? 'UTC';
  }

  time(epochSeconds: number, side: OrderSide): string {
    if (!Number.isFinite(epochSeconds)) return epochSeconds > 0 ? 'open-ended' : 'any time';
    return epochToLocalIso(Math.round(epochSeconds), this.zoneOf(side));
  }
}

const SIDE_NAME: Record<OrderSide, string> = { pickup: 'pickup', delivery: 'dropoff' };

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function amount(dimension: number, value: number): string {
  if (!Number.isFinite(value)) return 'unlimited';
  return dimension === 0 ? `${integer.format(value)} lb` : `${integer.format(value)} in³`;
}

function describeDetail(context: ReasonContext, detail: VerdictDetail): string {
  switch (detail.kind) {
    case 'no_vehicles':
      return 'The request has no vehicle that could serve it.';
    case 'no_stops':
      return 'The order has neither a pickup nor a dropoff stop.';
    case 'unknown_location':
      return `The ${SIDE_NAME[detail.side]} location is missing from the travel-time matrix.`;
    case 'invalid_window':
      return `The ${SIDE_NAME[detail.side]} window closes (${context.time(detail.end, detail.side)}) before it opens (${context.time(detail.start, detail.side)}).`;
    case 'lock_missing_vehicle':
      return `The order is locked to ${context.vehicleName(detail.vehicle)}, which is not in the fleet.`;
    case 'lock_order':
      return `The order is locked to ${context.vehicleName(detail.vehicle)} in a sequence that puts its dropoff before its pickup.`;
    case 'lock_incompatible':
      return `The order is locked to ${context.vehicleName(detail.vehicle)}, which lacks its skills or capacity.`;
    case 'lock_cannot_serve':
      return `The order is locked to ${context.vehicleName(detail.vehicle)}, which cannot serve it: ${lowerFirst(describeDetail(context, detail.cause))}`;
    case 'skills':
      return `The order needs ${detail.skills.length === 1 ? 'skill' : 'skills'} ${detail.skills.join(', ')}; no ${detail.allowedVehiclesOnly ? 'allowed ' : ''}vehicle in the fleet has ${detail.skills.length === 1 ? 'it' : 'all of them'}.`;
    case 'capacity':
      return detail.dimension === 0
        ? `The order weighs ${amount(0, detail.size)}; the largest eligible vehicle carries ${amount(0, detail.largestCapacity)} (${amount(0, detail.size - detail.largestCapacity)} short).`
        : `The order takes ${amount(1, detail.size)}; the largest eligible vehicle holds ${amount(1, detail.largestCapacity)} (${amount(1, detail.size - detail.largestCapacity)} short).`;
    case 'outside_shift': {
      const windows = detail.windows
        .map((w) => `${context.time(w.start, detail.side)} to ${context.time(w.end, detail.side)}`)
        .join(', ');
      return `The ${SIDE_NAME[detail.side]} window (${windows}) lies outside every eligible vehicle's shift (for example ${context.vehicleName(detail.vehicle)}: ${context.time(detail.shiftStart, detail.side)} to ${context.time(detail.shiftEnd, detail.side)}).`;
    }
    case 'unreachable': {
      const vehicle = context.vehicleName(detail.vehicle);
      if (detail.side === 'pickup' || detail.side === 'delivery') {
        const name = SIDE_NAME[detail.side];
        const late = Math.max(1, Math.ceil((detail.earliestArrival - detail.closes) / 60));
        return `The ${name} cannot be reached in time even by a vehicle serving only this order: ${vehicle}, the closest to making it, arrives at ${context.time(detail.earliestArrival, detail.side)} at the earliest, ${late} min after the ${name} window closes at ${context.time(detail.closes, detail.side)}.`;
      }
      if (detail.side === 'shift_end') {
        const late = Math.max(1, Math.ceil((detail.earliestArrival - detail.shiftEnd) / 60));
        return `The pickup and dropoff fit their windows, but no eligible vehicle can finish its route by the end of its shift: ${vehicle} would finish at ${context.time(detail.earliestArrival, 'delivery')}, ${late} min after its shift ends at ${context.time(detail.shiftEnd, 'delivery')}.`;
      }
      if (detail.side === 'break') {
        return `The pickup and dropoff fit their windows and the shift, but not together with the driver breaks (vehicleSpec.breaks): serving the order would push a break out of its window or the route past the end of the shift, for every eligible vehicle, for example ${vehicle}.`;
      }
      return `The pickup and dropoff fit their windows and the shift, but serving the order breaks a route limit (maximum duration or stops) of every eligible vehicle, for example ${vehicle}.`;
    }
    case 'no_room':
      return detail.priority > 0
        ? `The order can be served on its own, but no vehicle had room left (time, capacity or stops) after the orders of priority ${detail.priority} and higher were placed.`
        : 'The order can be served on its own, but no vehicle had room left (time, capacity or stops) after the other orders were placed.';
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
