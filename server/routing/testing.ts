/**
 * Fixtures shared by the routing tests (for tests only): the Brooklyn store most test plans pick
 * up at (test-store.ts), and solve dependencies on the embedded geocoder and matrix with one solver thread.
 */
import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solve } from '@/server/optimizer';
import type { RoutingSolveDeps } from './solve-routing';

export { BROOKLYN_STORE } from './test-store';

export const embeddedSolveDeps: RoutingSolveDeps = {
  geocoder: new ZipCentroidGeocoder(),
  matrix: new EmbeddedMatrixProvider(),
  trafficProfile: () => undefined,
  solve,
  threads: 1,
};
