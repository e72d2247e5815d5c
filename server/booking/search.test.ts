import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_POLICY, type SlotPolicy } from '@/server/accounts';
import {
  buildTrafficProfile,
  embeddedMatrix,
  embeddedTable,
  epochToLocalIso,
  localTimeToEpoch,
  type LatLng,
  type TravelMatrix,
} from '@/server/geo';
import { seededRandom } from '@/server/optimizer/verify';
import type { BookedRoute } from '@/server/routing';
import { BookingError } from './errors';
import { quotePrice } from './pricing';
import { bookingRequestSchema } from './request-schema';
import {
  bookingSearchPlaces,
  bookingSearchPoints,
  emptyResultReason,
  searchBookingWindows,
  type BookingSearchInput,
  type NewOrder,
  type SplitTravel,
} from './search';
import { bookingProblemId } from './service';
import { bucketHours, evaluateSlotPolicy } from './slot-policy';

const NY = 'America/New_York';
const BROOKLYN: LatLng = { latitude: 40.7033, longitude: -73.9903 };
const MIDTOWN: LatLng = { latitude: 40.7549, longitude: -73.984 };
const PHILADELPHIA: LatLng = { latitude: 39.9526, longitude: -75.1652 };
const at = (date: string, time: string, zone = NY) => localTimeToEpoch(date, time, zone);

function emptyRoute(
  id: number,
  date: string,
  shift: [string, string],
  overrides: Partial<BookedRoute> = {},
): BookedRoute {
  return {
    id,
    accountId: 1,
    externalId: `driver-${id}:van-${id}`,
    vehicleType: 'cargo-van',
    routeSkills: [],
    timeZone: NY,
    scheduledStart: at(date, shift[0]),
    shiftEnd: at(date, shift[1]),
    routeStart: at(date, shift[0]),
    routeEnd: at(date, shift[0]),
    capacity: { pounds: 3000, cubicInches: 250 * 1728 },
    maxStops: 60,
    start: null,
    end: null,
    stops: [],
    ...overrides,
  };
}

const order: NewOrder = { origin: BROOKLYN, destination: MIDTOWN, pounds: 40, cubicInches: 3000, serviceSeconds: 240 };

function search(input: Omit<BookingSearchInput, 'earliestStart'> & { earliestStart?: number }) {
  const full = { earliestStart: 0, ...input };
  const travel = full.routes.map((route) => embeddedMatrix(bookingSearchPoints(route, full.order), 'car'));
  return searchBookingWindows(full, travel);
}

describe('bucket hours in local time', () => {
  it('spring forward (2026-03-08, New York): AFTERNOON is five one-hour windows at -04:00', () => {
    const hours = bucketHours('2026-03-08', 12, 17, NY);
    expect(hours).toHaveLength(5);
    for (const h of hours) expect(h.end - h.start).toBe(3600);
    expect(epochToLocalIso(hours[0]!.start, NY)).toBe('2026-03-08T12:00:00-04:00');
  });

  it('fall back (2026-11-01, New York): FLEXIBLE is fifteen one-hour windows at -05:00', () => {
    const hours = bucketHours('2026-11-01', 8, 23, NY);
    expect(hours).toHaveLength(15);
    for (const h of hours) expect(h.end - h.start).toBe(3600);
    expect(epochToLocalIso(hours[14]!.end, NY)).toBe('2026-11-01T23:00:00-05:00');
  });

  it('a bucket over the spring-forward gap drops the hour that does not exist', () => {
    const hours = bucketHours('2026-03-08', 0, 4, NY);
    expect(hours.map((h) => epochToLocalIso(h.start, NY))).toEqual([
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
    ]);
  });
});

describe('slot policy in the destination time zone', () => {
  const policy: SlotPolicy = {
    ...DEFAULT_SLOT_POLICY,
    horizonDays: 10,
    blackoutDates: ['2026-03-10'],
    leadTimeMinutes: 120,
    sameDayCutoff: '11:00',
    availableBuckets: ['MORNING', 'AFTERNOON'],
    defaultBucket: 'AFTERNOON',
  };
  const nowSeconds = at('2026-03-08', '09:30');
  const codeOf = (
    request: { date: string; timeframeBucket?: 'MORNING' | 'AFTERNOON' | 'EVENING' },
    now = nowSeconds,
  ) => {
    try {
      evaluateSlotPolicy(policy, request, NY, now);
      return 'ok';
    } catch (error) {
      expect(error).toBeInstanceOf(BookingError);
      return (error as BookingError).code;
    }
  };

  it('answers each code of the contract in its order', () => {
    expect(codeOf({ date: '2026-03-07' })).toBe('date_out_of_range');
    expect(codeOf({ date: '2026-03-19' })).toBe('date_out_of_range');
    expect(codeOf({ date: '2026-03-18' })).toBe('ok');
    expect(codeOf({ date: '2026-03-10' })).toBe('date_blackout');
    // The last available hour (AFTERNOON) ends at 17:00: 14:30 + 2 h lead time still allows the day, 15:00 + 2 h does not.
    expect(codeOf({ date: '2026-03-08', timeframeBucket: 'MORNING' }, at('2026-03-08', '10:30'))).toBe('ok');
    const loose = { ...policy, sameDayCutoff: null };
    expect(codeOf({ date: '2026-03-08' }, at('2026-03-08', '15:00'))).toBe('lead_time_not_met');
    expect(() => evaluateSlotPolicy(loose, { date: '2026-03-08' }, NY, at('2026-03-08', '14:30'))).not.toThrow();
    expect(codeOf({ date: '2026-03-08', timeframeBucket: 'MORNING' })).toBe('ok');
    expect(codeOf({ date: '2026-03-08' }, at('2026-03-08', '11:00'))).toBe('same_day_cutoff_passed');
    expect(codeOf({ date: '2026-03-09' }, at('2026-03-08', '11:00'))).toBe('ok');
    expect(codeOf({ date: '2026-03-09', timeframeBucket: 'EVENING' })).toBe('timeframe_bucket_not_available');
    // A bucket the policy never offers is refused before the lead time is looked at.
    expect(codeOf({ date: '2026-03-08', timeframeBucket: 'EVENING' }, at('2026-03-08', '23:00'))).toBe(
      'timeframe_bucket_not_available',
    );
  });

  it('says what would work', () => {
    const detailsOf = (
      request: { date: string; timeframeBucket?: 'MORNING' | 'AFTERNOON' | 'EVENING' },
      now = nowSeconds,
      p = policy,
    ) => {
      try {
        evaluateSlotPolicy(p, request, NY, now);
        return null;
      } catch (error) {
        return (error as BookingError).details;
      }
    };
    expect(detailsOf({ date: '2026-03-19' })).toEqual({ earliestDate: '2026-03-08', latestDate: '2026-03-18' });
    expect(detailsOf({ date: '2026-03-10' })).toEqual({ nextDate: '2026-03-11' });
    expect(detailsOf({ date: '2026-03-09', timeframeBucket: 'EVENING' })).toEqual({
      availableBuckets: ['MORNING', 'AFTERNOON'],
    });
    expect(detailsOf({ date: '2026-03-08' }, at('2026-03-08', '15:00'))).toEqual({
      earliestStart: '2026-03-08T17:00:00-04:00',
    });
    // The cutoff points past the blackout on the 10th when the 9th is one too.
    expect(
      detailsOf({ date: '2026-03-08' }, at('2026-03-08', '11:00'), {
        ...policy,
        blackoutDates: ['2026-03-09', '2026-03-10'],
      }),
    ).toEqual({
      nextDate: '2026-03-11',
    });
  });

  it('uses the default bucket and the lead time as the earliest start', () => {
    const decision = evaluateSlotPolicy(policy, { date: '2026-03-08' }, NY, nowSeconds);
    expect(decision.bucket).toBe('AFTERNOON');
    expect(decision.earliestStart).toBe(nowSeconds + 7200);
    expect(decision.hours).toHaveLength(5);
  });

  it('"today" is the destination\'s date: 23:30 in Los Angeles is already tomorrow in New York', () => {
    const lateInLa = localTimeToEpoch('2026-11-01', '23:30', 'America/Los_Angeles');
    const loose = { ...policy, sameDayCutoff: null, blackoutDates: [] };
    expect(() => evaluateSlotPolicy(loose, { date: '2026-11-01' }, NY, lateInLa)).toThrow(/outside the bookable range/);
    expect(evaluateSlotPolicy(loose, { date: '2026-11-01' }, 'America/Los_Angeles', lateInLa - 12 * 3600).bucket).toBe(
      'AFTERNOON',
    );
  });
});

describe('searchBookingWindows', () => {
  it('an empty van offers every hour of the bucket from its start, across the fall-back day', () => {
    const date = '2026-11-01';
    const result = search({
      routes: [emptyRoute(1, date, ['08:00', '20:00'])],
      order,
      hours: bucketHours(date, 12, 17, NY),
    });
    expect(result.windows.map((w) => epochToLocalIso(w.start, NY))).toEqual([
      '2026-11-01T12:00:00-05:00',
      '2026-11-01T13:00:00-05:00',
      '2026-11-01T14:00:00-05:00',
      '2026-11-01T15:00:00-05:00',
      '2026-11-01T16:00:00-05:00',
    ]);
    for (const w of result.windows) expect(w.end - w.start).toBe(3600);
    expect(result.hours.every((h) => h.reason === null && h.windows.length === 1)).toBe(true);
  });

  it('one window per (route, hour), sorted by start then end; the lead time cuts the hours before it', () => {
    const date = '2026-03-08';
    const routes = [emptyRoute(1, date, ['08:00', '20:00']), emptyRoute(2, date, ['08:00', '20:00'])];
    const earliestStart = at(date, '13:30');
    const result = search({ routes, order, hours: bucketHours(date, 12, 17, NY), earliestStart });
    expect(result.hours.map((h) => h.reason)).toEqual(['lead_time', null, null, null, null]);
    expect(result.windows).toHaveLength(8);
    expect(epochToLocalIso(result.windows[0]!.start, NY)).toBe('2026-03-08T13:30:00-04:00');
    for (let i = 1; i < result.windows.length; i++) {
      const [a, b] = [result.windows[i - 1]!, result.windows[i]!];
      expect(a.start < b.start || (a.start === b.start && a.end <= b.end)).toBe(true);
    }
  });

  it("explains an hour without windows: capacity, the shift, a stop's window, no route", () => {
    const date = '2026-03-08';
    const hours = bucketHours(date, 12, 17, NY);
    const heavy = { ...order, pounds: 5000 };
    expect(
      search({ routes: [emptyRoute(1, date, ['08:00', '20:00'])], order: heavy, hours }).hours.map((h) => h.reason),
    ).toEqual(Array(5).fill('capacity'));

    const short = search({ routes: [emptyRoute(1, date, ['08:00', '14:00'])], order, hours });
    expect(short.hours.map((h) => h.reason)).toEqual([null, null, 'shift', 'shift', 'shift']);
    // The last window still ends its service before the shift ends.
    expect(short.windows.at(-1)!.start + order.serviceSeconds).toBeLessThanOrEqual(at(date, '14:00'));

    // A booked order must be delivered in Philadelphia 12:30-12:35: being in Midtown in the 12 o'clock hour is impossible.
    const booked = emptyRoute(1, date, ['08:00', '20:00'], {
      stops: [
        {
          stopNumber: 1,
          type: 'pickup',
          orderExternalIds: ['o1'],
          ...BROOKLYN,
          arrival: at(date, '11:00'),
          serviceStart: at(date, '11:00'),
          departure: at(date, '11:03'),
          serviceSeconds: 180,
          windowOpen: null,
          windowClose: null,
          loadPounds: 100,
          loadCubicInches: 1000,
        },
        {
          stopNumber: 2,
          type: 'dropoff',
          orderExternalIds: ['o1'],
          ...PHILADELPHIA,
          arrival: at(date, '12:30'),
          serviceStart: at(date, '12:30'),
          departure: at(date, '12:33'),
          serviceSeconds: 180,
          windowOpen: at(date, '12:30'),
          windowClose: at(date, '12:35'),
          loadPounds: 0,
          loadCubicInches: 0,
        },
      ],
    });
    const tight = search({ routes: [booked], order, hours });
    expect(tight.hours[0]!.reason).toBe('stop_window');
    expect(tight.hours[0]!.routeReasons).toEqual([{ routeId: 1, reason: 'stop_window' }]);
    expect(tight.hours[4]!.windows).toHaveLength(1);

    expect(search({ routes: [], order, hours }).hours.map((h) => h.reason)).toEqual(Array(5).fill('no_route'));

    // Not asked to explain (the API's searches): the same windows, and hours without one carry no reason.
    const unexplained = search({ routes: [emptyRoute(1, date, ['08:00', '14:00'])], order, hours, explain: false });
    expect(unexplained.windows).toEqual(short.windows);
    expect(unexplained.hours.map((h) => [h.reason, h.routeReasons.length])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
  });

  it('charges setups as routing plans them: a dropoff within 25 m of the booked one pays none', () => {
    const date = '2026-11-23';
    const setup = 600;
    const stop = (type: 'pickup' | 'dropoff', point: LatLng, window: [string, string] | null) => ({
      stopNumber: type === 'pickup' ? 1 : 2,
      type,
      orderExternalIds: ['o1'],
      ...point,
      arrival: 0,
      serviceStart: 0,
      departure: 0,
      serviceSeconds: setup,
      windowOpen: window && at(date, window[0]),
      windowClose: window && at(date, window[1]),
      loadPounds: type === 'pickup' ? 100 : 0,
      loadCubicInches: type === 'pickup' ? 1000 : 0,
    });
    // From the store at 08:00 (its setup), in Midtown by 09:00, done at 09:10 (its setup); open route.
    const booked = emptyRoute(1, date, ['08:00', '20:00'], {
      start: BROOKLYN,
      stops: [stop('pickup', BROOKLYN, null), stop('dropoff', MIDTOWN, ['09:00', '11:00'])],
    });
    const noon = (destination: LatLng) =>
      search({
        routes: [booked],
        order: { ...order, origin: BROOKLYN, destination, serviceSeconds: 0, setupSeconds: setup },
        hours: bucketHours(date, 12, 13, NY),
      }).windows[0]!;
    // 10 m from the booked dropoff: the route now ends at the new dropoff's start, noon.
    const nextDoor = noon({ latitude: MIDTOWN.latitude + 0.00009, longitude: MIDTOWN.longitude });
    expect(epochToLocalIso(nextDoor.start, NY)).toBe('2026-11-23T12:00:00-05:00');
    expect(nextDoor.addedDurationSeconds).toBe(at(date, '12:00') - at(date, '09:10'));
    // 200 m away: another place, its own setup.
    const acrossTheStreet = noon({ latitude: MIDTOWN.latitude + 0.0018, longitude: MIDTOWN.longitude });
    expect(acrossTheStreet.addedDurationSeconds).toBe(at(date, '12:00') + setup - at(date, '09:10'));
  });

  it("renders windows in a destination zone other than the routes' zone", () => {
    // Routes planned in New York time; the buyer's hours are Chicago hours (an hour later in New York).
    const date = '2026-11-01';
    const chicagoHours = bucketHours(date, 12, 14, 'America/Chicago');
    const result = search({ routes: [emptyRoute(1, date, ['08:00', '20:00'])], order, hours: chicagoHours });
    expect(result.windows.map((w) => epochToLocalIso(w.start, 'America/Chicago'))).toEqual([
      '2026-11-01T12:00:00-06:00',
      '2026-11-01T13:00:00-06:00',
    ]);
    expect(epochToLocalIso(result.windows[0]!.start, NY)).toBe('2026-11-01T13:00:00-05:00');
  });
});

describe('why a search is empty (fallbackReason)', () => {
  const date = '2026-11-23';
  const hours = bucketHours(date, 12, 17, NY);
  const van = emptyRoute(1, date, ['08:00', '18:00']);

  it('in order: no route, a cart no vehicle carries even empty, no hour after the lead time, else no insertion', () => {
    expect(emptyResultReason({ routes: [], order, hours, earliestStart: 0 })).toBe('no_routes');
    expect(emptyResultReason({ routes: [van], order: { ...order, pounds: 3001 }, hours, earliestStart: 0 })).toBe(
      'cart_exceeds_vehicle_capacity',
    );
    expect(
      emptyResultReason({ routes: [van], order: { ...order, cubicInches: 251 * 1728 }, hours, earliestStart: 0 }),
    ).toBe('cart_exceeds_vehicle_capacity');
    // One route that can carry it is enough to look further.
    const truck = emptyRoute(2, date, ['08:00', '18:00'], {
      vehicleType: 'box-truck',
      capacity: { pounds: 10_000, cubicInches: 1600 * 1728 },
    });
    expect(
      emptyResultReason({ routes: [van, truck], order: { ...order, pounds: 3001 }, hours, earliestStart: 0 }),
    ).toBe('no_feasible_insertion');
    expect(emptyResultReason({ routes: [van], order, hours, earliestStart: at(date, '17:00') })).toBe('no_hours_left');
    // A start in the last second of the bucket still counts as an hour left.
    expect(emptyResultReason({ routes: [van], order, hours, earliestStart: at(date, '17:00') - 1 })).toBe(
      'no_feasible_insertion',
    );
  });

  it('the search agrees: a route whose shift is over before the bucket offers nothing, and the reason is no_feasible_insertion', () => {
    const early = emptyRoute(3, date, ['06:00', '11:00']);
    const result = search({ routes: [early], order, hours });
    expect(result.windows).toEqual([]);
    expect(emptyResultReason({ routes: [early], order, hours, earliestStart: 0 })).toBe('no_feasible_insertion');
  });
});

describe('quotePrice', () => {
  const window = {
    routeId: 1,
    routeExternalId: 'a',
    vehicleType: 'cargo-van',
    start: 0,
    end: 3600,
    addedDistanceMeters: 16093.44,
    addedDurationSeconds: 1200,
  };
  const rateCards = { 'cargo-van': { baseFeeCents: 500, perMileCents: 100, perMinuteCents: 10 } };
  // 500 + 10 miles x 100 + 20 minutes x 10 = 1700 cents.
  it('applies the rate card to the detour under each model', () => {
    expect(quotePrice({ rateCards }, [window], 0)).toEqual({
      amountCents: 1700,
      currency: 'usd',
      model: 'pass_through',
      billedToAccount: false,
    });
    expect(
      quotePrice({ rateCards, pricing: { model: 'markup', markupPercent: 10, markupFixedCents: 30 } }, [window], 0)
        ?.amountCents,
    ).toBe(1900);
    expect(
      quotePrice({ rateCards, pricing: { model: 'free_over', freeOverCents: 5000 } }, [window], 5000)?.amountCents,
    ).toBe(0);
    expect(
      quotePrice({ rateCards, pricing: { model: 'free_over', freeOverCents: 5000 } }, [window], 4999)?.amountCents,
    ).toBe(1700);
    expect(quotePrice({ rateCards, pricing: { model: 'on_account' } }, [window], 0)).toEqual({
      amountCents: 1700,
      currency: 'usd',
      model: 'on_account',
      billedToAccount: true,
    });
  });

  it("prices catalog types with the catalog's default card, omits the price for a type without a card, takes the cheapest detour", () => {
    // cargo-van's default card: 999 + 10 miles x 100 + 20 minutes x 45 = 2899 cents.
    expect(quotePrice(null, [window], 0)).toEqual({
      amountCents: 2899,
      currency: 'usd',
      model: 'pass_through',
      billedToAccount: false,
    });
    expect(quotePrice({ rateCards }, [{ ...window, vehicleType: 'box-truck' }], 0)?.amountCents).toBe(
      1999 + 1800 + 20 * 65,
    );
    expect(quotePrice({ rateCards }, [{ ...window, vehicleType: 'hovercraft' }], 0)).toBeUndefined();
    expect(
      quotePrice({ rateCards }, [window, { ...window, addedDistanceMeters: 0, addedDurationSeconds: 0 }], 0)
        ?.amountCents,
    ).toBe(500);
  });
});

describe('bookingProblemId', () => {
  const body = bookingRequestSchema({ maxCartItems: 100 }).parse({
    cart: {
      items: [{ description: 'Chair', dimensionsCm: { height: 90, length: 80, width: 75 }, quantity: 1, weightKg: 25 }],
      orderValueCents: 100,
    },
    contact: { email: 'a@example.com', name: 'A' },
    date: '2026-11-23',
    destination: { addressLine1: '350 5th Ave', city: 'New York', postalCode: '10118', state: 'NY' },
    fulfillingBranchId: '7',
  });

  it('is a SHA-256 of the result-affecting input, the account and the environment, not of contact or key order', () => {
    const id = bookingProblemId(body, 'FLEXIBLE', 3, 'live');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(bookingProblemId({ ...body, contact: { email: 'b@example.com', name: 'B' } }, 'FLEXIBLE', 3, 'live')).toBe(
      id,
    );
    const reordered = JSON.parse(
      JSON.stringify({
        fulfillingBranchId: body.fulfillingBranchId,
        date: body.date,
        destination: body.destination,
        cart: body.cart,
      }),
    ) as typeof body;
    expect(bookingProblemId(reordered, 'FLEXIBLE', 3, 'live')).toBe(id);
    // The omitted bucket and the policy's default bucket search the same hours.
    expect(bookingProblemId({ ...body, timeframeBucket: 'FLEXIBLE' }, 'FLEXIBLE', 3, 'live')).toBe(id);
    expect(bookingProblemId(body, 'MORNING', 3, 'live')).not.toBe(id);
    expect(bookingProblemId(body, 'FLEXIBLE', 4, 'live')).not.toBe(id);
    expect(bookingProblemId(body, 'FLEXIBLE', 3, 'sandbox')).not.toBe(id);
    expect(bookingProblemId({ ...body, date: '2026-11-24' }, 'FLEXIBLE', 3, 'live')).not.toBe(id);
    // Numeric-string ids are canonical: branch "07" is branch 7.
    expect(bookingProblemId({ ...body, fulfillingBranchId: '007' }, 'FLEXIBLE', 3, 'live')).toBe(id);
  });
});

describe("a route's kept query (the job's path: split travel)", () => {
  it('answers a sequence of different orders on the same route objects exactly as a query built afresh for each search', () => {
    const random = seededRandom(11);
    const date = '2026-11-23';
    const place = (): LatLng => ({ latitude: 40.62 + random() * 0.16, longitude: -74.02 + random() * 0.17 });
    // Routes with and without a depot, one with an end, tight and loose windows, a nearly full van.
    const routes: BookedRoute[] = Array.from({ length: 6 }, (_, r) => {
      const stops: BookedRoute['stops'] = [];
      let t = at(date, '08:30');
      let load = 0;
      for (let o = 0; o < 6; o++) {
        const weight = r === 5 ? 450 : 40;
        for (const type of ['pickup', 'dropoff'] as const) {
          const p = type === 'pickup' && o % 2 === 0 ? BROOKLYN : place();
          t += 900;
          load += type === 'pickup' ? weight : -weight;
          const open = type === 'dropoff' ? t - (r % 2 === 0 ? 1800 : 7200) : null;
          stops.push({
            stopNumber: stops.length + 1,
            type,
            orderExternalIds: [`r${r}-o${o}`],
            ...p,
            arrival: t,
            serviceStart: t,
            departure: t + 300,
            serviceSeconds: 300,
            windowOpen: open,
            windowClose: open === null ? null : open + (r % 2 === 0 ? 3600 : 14_400),
            loadPounds: load,
            loadCubicInches: load * 20,
          });
        }
      }
      return emptyRoute(r + 1, date, ['08:00', r === 3 ? '13:00' : '19:00'], {
        start: r === 4 ? null : BROOKLYN,
        end: r === 2 ? MIDTOWN : null,
        capacity: { pounds: 3000, cubicInches: 250 * 1728 },
        stops,
      });
    });
    const traffic = buildTrafficProfile(date, NY);
    const hours = Array.from({ length: 11 }, (_, h) => ({
      start: at(date, '08:00') + h * 3600,
      end: at(date, '09:00') + h * 3600,
    }));
    const owns = new Map<BookedRoute, TravelMatrix>();
    const split = (route: BookedRoute, o: NewOrder): SplitTravel => {
      const { own, added } = bookingSearchPlaces(route, o);
      if (!owns.has(route)) owns.set(route, embeddedMatrix(own, 'car'));
      return {
        own: owns.get(route)!,
        rows: embeddedTable(added, [...own, ...added], 'car'),
        columns: embeddedTable(own, added, 'car'),
      };
    };
    let windows = 0;
    const reasons = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const stop = routes[i % 6]!.stops[i % 12]!;
      const origin =
        i % 5 === 0 ? BROOKLYN : i % 5 === 1 ? { latitude: stop.latitude, longitude: stop.longitude } : place();
      const destination = i % 7 === 0 ? origin : i % 7 === 1 ? MIDTOWN : place();
      const o: NewOrder = {
        origin,
        destination,
        pounds: i % 4 === 0 ? 2800 : 30 + i,
        cubicInches: 500 * (i + 1),
        serviceSeconds: 120 + 30 * (i % 5),
      };
      const input = {
        routes,
        order: o,
        hours: hours.slice(i % 4, 4 + (i % 8)),
        earliestStart: at(date, '08:00') + (i % 3) * 1800,
        traffic,
      };
      const whole = searchBookingWindows(
        input,
        routes.map((route) => embeddedMatrix(bookingSearchPoints(route, o), 'car')),
      );
      const kept = searchBookingWindows(
        input,
        routes.map((route) => split(route, o)),
      );
      expect(kept).toEqual(whole);
      windows += whole.windows.length;
      for (const hour of whole.hours) for (const { reason } of hour.routeReasons) reasons.add(reason);
    }
    // The sequence exercises windows found and every per-route explanation.
    expect(windows).toBeGreaterThan(100);
    expect([...reasons].sort()).toEqual(['capacity', 'shift', 'stop_window']);
  });
});
