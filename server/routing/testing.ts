/**
 * Fixtures shared by the routing tests (for tests only): the Brooklyn store most test plans pick
 * up at, and solve dependencies on the embedded geocoder and matrix with one solver thread.
 */
import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solve } from '@/server/optimizer';
import type { RoutingSolveDeps } from './solve-routing';

/** 55 Water St, Brooklyn, with coordinates as a request writes them. */
export const BROOKLYN_STORE = {
  addressLine1: '55 Water St',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11201',
  latitude: '40.7033',
  longitude: '-73.9881',
};

export const embeddedSolveDeps: RoutingSolveDeps = {
  geocoder: new ZipCentroidGeocoder(),
  matrix: new EmbeddedMatrixProvider(),
  trafficProfile: () => undefined,
  solve,
  threads: 1,
};
