/**
 * Builds a 2,000-point travel-time matrix with the embedded provider and prints the time.
 * Points: a fixed pseudo-random sample of real US ZIP centroids (all states), so the result is
 * reproducible. Usage: npm run bench:matrix [-- <points> <runs>]
 */
import zipcodes from 'zipcodes';
import { EmbeddedMatrixProvider, lookupZip, type LatLng } from '@/server/geo';
import { median } from './stats';

const pointCount = Number(process.argv[2] ?? 2000);
const runs = Number(process.argv[3] ?? 5);

let seed = 20261122;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const zips = Object.keys(zipcodes.codes).filter((zip) => lookupZip(zip) !== null);
const points: LatLng[] = Array.from({ length: pointCount }, () => {
  const place = lookupZip(zips[Math.floor(random() * zips.length)])!;
  return { latitude: place.latitude, longitude: place.longitude };
});

const provider = new EmbeddedMatrixProvider();
const times: number[] = [];
let checksum = 0;
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const matrix = await provider.matrix(points, 'van');
  times.push(performance.now() - started);
  checksum = matrix.durations[matrix.durations.length - 2]! + matrix.distances[1]!;
}
console.log(
  JSON.stringify({
    points: pointCount,
    pairs: pointCount * pointCount,
    runs,
    firstMs: Math.round(times[0]!),
    medianMs: Math.round(median(times)),
    bestMs: Math.round(Math.min(...times)),
    checksum: Math.round(checksum),
  }),
);
if (times[0]! >= 1000) {
  console.error(`FAIL: first build took ${Math.round(times[0]!)} ms, over the 1 s budget`);
  process.exit(1);
}
