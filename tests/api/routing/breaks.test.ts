import { beforeAll, describe, expect, it } from 'vitest';
import { liveTenant } from '../helpers';
import type { PlanResult } from '@/server/routing/responses';
import { expectJson, expectRefused, get, type Json, post, smallPlan, STORE } from '../client';

type PlanBody = PlanResult;

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;
const at = (iso: string) => Date.parse(iso) / 1000;

/** smallPlan with driver breaks on its one vehicle. */
function planWithBreaks(breaks: Json[], orders = 4): Json {
  const body = smallPlan({ orders });
  (body.fleet as Json[])[0]!.vehicleSpec = { breaks };
  return body;
}

describe('driver breaks (fleet vehicleSpec.breaks)', () => {
  let auth: string;
  beforeAll(async () => ({ auth } = await liveTenant()));

  it('a planned itinerary shows the break as a stop of type break, inside its window, and the legs and totals still add up', async () => {
    const body = planWithBreaks([
      { earliestStart: '2026-11-23T10:00:00-05:00', latestEnd: '2026-11-23T11:30:00-05:00', durationMinutes: 30 },
    ]);
    // Back to the store at the end: the end leg takes up the rounding of the legs (see responses.ts).
    (body.fleet as Json[])[0]!.endAddress = STORE;
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(result.unassigned).toEqual([]);
    const itinerary = result.itineraries[0]!.itinerary;
    const stops = itinerary.itineraryStops;
    const breaks = stops.filter((s) => s.type === 'break');
    expect(breaks).toHaveLength(1);
    const pause = breaks[0]!;
    expect(pause.stopNumber).toBeNull();
    expect(pause.orderExternalIds).toEqual([]);
    expect(pause.arrival).toMatch(ISO_WITH_OFFSET);
    expect(pause.departure).toMatch(ISO_WITH_OFFSET);
    expect(pause.serviceSeconds).toBe(1800);
    expect(pause.legDistanceMeters).toBe(0);
    expect(pause.legDurationSeconds).toBe(0);
    const breakStart = at(pause.arrival) + pause.waitSeconds;
    expect(at(pause.departure) - breakStart).toBe(1800);
    expect(breakStart).toBeGreaterThanOrEqual(at('2026-11-23T10:00:00-05:00'));
    expect(at(pause.departure)).toBeLessThanOrEqual(at('2026-11-23T11:30:00-05:00'));
    expect(pause.windowOpen).toBe('2026-11-23T10:00:00-05:00');
    expect(pause.windowClose).toBe('2026-11-23T11:00:00-05:00');

    // Visits keep their numbers 1..n (the break has none); every order is still served.
    const visits = stops.filter((s) => s.type !== 'break');
    expect(visits.map((s) => s.stopNumber)).toEqual(visits.map((_, i) => i + 1));
    // The break is taken where the vehicle is: the depot before the first visit, else the last visit.
    const index = stops.indexOf(pause);
    const before = stops[index - 1];
    const place = before ?? itinerary.start!;
    expect([pause.latitude, pause.longitude]).toEqual([place.latitude, place.longitude]);
    // The clock runs through the break: each stop is ready when the previous one leaves.
    let clock = at(itinerary.routeStart);
    for (const stop of stops) {
      expect(Math.abs(at(stop.arrival) - (clock + stop.legDurationSeconds))).toBeLessThanOrEqual(1);
      clock = at(stop.departure);
    }
    const endLeg = itinerary.end ? itinerary.end.legDurationSeconds : 0;
    expect(Math.abs(at(itinerary.routeEnd) - (clock + endLeg))).toBeLessThanOrEqual(1);
    const totals = itinerary.totals;
    expect(totals.breakSeconds).toBe(1800);
    const sum = totals.travelSeconds + totals.serviceSeconds + totals.waitingSeconds + totals.breakSeconds!;
    expect(Math.abs(totals.durationSeconds - sum)).toBeLessThanOrEqual(2);
    expect(totals.durationSeconds).toBe(at(itinerary.routeEnd) - at(itinerary.routeStart));
    const legs = stops.reduce((n, s) => n + s.legDistanceMeters, 0) + (itinerary.end?.legDistanceMeters ?? 0);
    expect(legs).toBe(totals.distanceMeters);
  });

  it('an order that would push the break out of its window is unassigned with a reason that names the break', async () => {
    // The dropoff must start by 10:20; the 30-minute break must be taken 10:00-10:30 exactly.
    const body = planWithBreaks(
      [{ earliestStart: '2026-11-23T10:00:00-05:00', latestEnd: '2026-11-23T10:30:00-05:00', durationMinutes: 30 }],
      1,
    );
    const order = (body.orders as Json[])[0]!;
    order.dropoffWindowOpen = '2026-11-23T10:00:00-05:00';
    order.dropoffWindowClose = '2026-11-23T10:20:00-05:00';
    const result = await expectJson<PlanBody>(await post('/v1/routing/plan', body, { auth }), 200);
    expect(result.itineraries.flatMap((i) => i.itinerary.itineraryStops)).toEqual([]);
    const reason = result.unassigned[0]!.reasons[0]!;
    expect(reason.code).toBe('TIME_WINDOW_UNREACHABLE');
    expect(reason.description).toMatch(/driver breaks/);
    // The same order without the break is served.
    const without = structuredClone(body);
    delete (without.fleet as Json[])[0]!.vehicleSpec;
    without.problemId = `${String(body.problemId)}-without`;
    const served = await expectJson<PlanBody>(await post('/v1/routing/plan', without, { auth }), 200);
    expect(served.unassigned).toEqual([]);
  });

  it('400 invalid_input naming the break field: a window shorter than the break, too many breaks, a date out of range', async () => {
    const short = planWithBreaks([
      { earliestStart: '2026-11-23T10:00:00-05:00', latestEnd: '2026-11-23T12:00:00-05:00', durationMinutes: 30 },
      { earliestStart: '2026-11-23T14:00:00-05:00', latestEnd: '2026-11-23T14:20:00-05:00', durationMinutes: 30 },
    ]);
    const error = await expectRefused(
      '/v1/routing/plan',
      short,
      auth,
      'invalid_input',
      'fleet[0].vehicleSpec.breaks[1].latestEnd',
    );
    expect(error.message).toContain('durationMinutes');
    const one = {
      earliestStart: '2026-11-23T10:00:00-05:00',
      latestEnd: '2026-11-23T12:00:00-05:00',
      durationMinutes: 15,
    };
    const many = planWithBreaks([one, one, one, one]);
    expect(
      (await expectRefused('/v1/routing/plan', many, auth, 'invalid_input', 'fleet[0].vehicleSpec.breaks')).message,
    ).toContain('3');
    const far = planWithBreaks([{ ...one, earliestStart: '2210-11-23T10:00:00-05:00' }]);
    await expectRefused('/v1/routing/plan', far, auth, 'invalid_input', 'fleet[0].vehicleSpec.breaks[0].earliestStart');
    const zero = planWithBreaks([{ ...one, durationMinutes: 0 }]);
    await expectRefused(
      '/v1/routing/plan',
      zero,
      auth,
      'invalid_input',
      'fleet[0].vehicleSpec.breaks[0].durationMinutes',
    );
  });

  it('book refuses breaks (booked itineraries do not keep them yet) with invalid_routing_input naming the field', async () => {
    const body = planWithBreaks([
      { earliestStart: '2026-11-23T10:00:00-05:00', latestEnd: '2026-11-23T12:00:00-05:00', durationMinutes: 30 },
    ]);
    body.mode = 'createItinerary';
    await expectRefused('/v1/routing/book', body, auth, 'invalid_routing_input', 'fleet[0].vehicleSpec.breaks');
  });

  it('the OpenAPI document describes the field', async () => {
    const document = await (await get('/v1/openapi.json')).text();
    expect(document).toContain('durationMinutes');
    expect(document).toMatch(/A driver break: taken whole/);
  });
});
