/**
 * The booking search alone, in process, without HTTP or a database: CPU per search as a
 * deterministic figure of merit (the timed HTTP benchmark is `npm run bench:booking`).
 *
 *   npm run bench:booking-search -- [searches (default 300)]
 *
 * 50 generated cargo-van routes of 30 stops (15 orders each, pickups and dropoffs around Brooklyn,
 * dropoff windows 8 hours wide) and a sequence of searches through `runStoredBookingSearch` (the job's
 * search: embedded travel times, the day's traffic, the result in the form the job stores): every
 * third cart is too heavy for any van and every fifth bucket lies past the shifts, so the per-hour
 * explanation (capacity, shift, stop_window) runs too. Prints wall and CPU milliseconds per search,
 * the number of windows found and the stored result's size; with OUT=file it writes every outcome
 * rendered as the console shows it (one JSON a line) to compare builds.
 */
import { runStoredBookingSearch, type PreparedBookingSearch } from '@/server/booking/job';
import { readOutcome, resultWindowCount, type StoredBookingOutcome } from '@/server/booking/outcome';
import { seededRandom } from '@/server/optimizer/verify';
import type { BookedRoute } from '@/server/routing';

const random = seededRandom(7);
const day = Date.UTC(2026, 10, 23, 13, 0, 0) / 1000; // 08:00 local
const pt = () => ({ latitude: 40.62 + random() * 0.16, longitude: -74.02 + random() * 0.17 });
const depot = { latitude: 40.7033, longitude: -73.9881 };
const routes: BookedRoute[] = [];
for (let r = 0; r < 50; r++) {
  const stops: BookedRoute['stops'] = [];
  let t = day + 600;
  let load = 0;
  for (let o = 0; o < 15; o++) {
    const p = pt();
    const d = pt();
    const w = 30 + random() * 20;
    t += 600;
    load += w;
    stops.push({
      stopNumber: stops.length + 1,
      type: 'pickup',
      orderExternalIds: [`o${r}-${o}`],
      ...p,
      arrival: t,
      serviceStart: t,
      departure: t + 300,
      serviceSeconds: 300,
      windowOpen: null,
      windowClose: null,
      loadPounds: load,
      loadCubicInches: load * 10,
    });
    t += 900;
    load -= w;
    const ws = day + o * 2400 - 3600 * 2;
    stops.push({
      stopNumber: stops.length + 1,
      type: 'dropoff',
      orderExternalIds: [`o${r}-${o}`],
      ...d,
      arrival: t,
      serviceStart: t,
      departure: t + 300,
      serviceSeconds: 300,
      windowOpen: ws,
      windowClose: ws + 3600 * 8,
      loadPounds: load,
      loadCubicInches: load * 10,
    });
  }
  routes.push({
    id: r + 1,
    accountId: 1,
    externalId: `route-${r}`,
    vehicleType: 'cargo-van',
    routeSkills: [],
    timeZone: 'America/New_York',
    scheduledStart: day,
    shiftEnd: day + 18 * 3600,
    routeStart: day,
    routeEnd: t + 1200,
    capacity: { pounds: 3000, cubicInches: 400000 },
    maxStops: 60,
    start: depot,
    end: null,
    stops,
  });
}
const buckets = ['MORNING', 'AFTERNOON', 'EVENING', 'FLEXIBLE'];
const n = Number(process.argv[2] ?? 100);
let checksum = 0;
const inputs: PreparedBookingSearch[] = [];
for (let i = 0; i < n; i++) {
  const hours = Array.from({ length: 4 + (i % 8) }, (_, h) => ({
    start: day + (i % 5 === 0 ? 17 * 3600 : 0) + (i % 4) * 3600 * 2 + h * 3600,
    end: day + (i % 5 === 0 ? 17 * 3600 : 0) + (i % 4) * 3600 * 2 + (h + 1) * 3600,
  }));
  inputs.push({
    order: {
      origin: depot,
      destination: [pt(), pt(), pt()][0]!,
      pounds: i % 3 === 0 ? 5000 : 20,
      cubicInches: 200,
      serviceSeconds: 300,
    },
    hours,
    earliestStart: day,
    timeZone: 'America/New_York',
    date: '2026-11-23',
    branchId: 1,
    bucket: buckets[i % 4]!,
    booking: null,
    orderValueCents: 1000,
    explain: true,
    clockOffsetMs: 0,
    settingsDigest: 'bench',
  } as unknown as PreparedBookingSearch & { routes: BookedRoute[] });
}
const stored: StoredBookingOutcome[] = [];
const t0 = performance.now();
const cpu0 = process.cpuUsage();
for (const input of inputs) stored.push(await runStoredBookingSearch({ ...input, routes }));
const cpu = process.cpuUsage(cpu0);
// Rendered as the console shows it (the windows as the poll answers them), outside the timing.
const out = stored.map((result) => JSON.stringify(readOutcome(result)));
for (const result of stored) checksum += resultWindowCount(result);
const storedBytes = stored.reduce((sum, result) => sum + JSON.stringify(result).length, 0) / n;
console.log(
  `searches ${n} wall ${((performance.now() - t0) / n).toFixed(2)} ms/search cpu ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms/search windows ${checksum} stored result ${(storedBytes / 1024).toFixed(1)} KB/search (rendered ${(out.reduce((sum, line) => sum + line.length, 0) / n / 1024).toFixed(1)} KB)`,
);
if (process.env.OUT) (await import('node:fs')).writeFileSync(process.env.OUT, out.join('\n'));
