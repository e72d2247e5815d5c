/**
 * Fixtures shared by the routing tests (for tests only): order and van builders at the Brooklyn
 * store (test-store.ts), and solve dependencies on the embedded geocoder and matrix with one solver thread.
 */
import { EmbeddedMatrixProvider, ZipCentroidGeocoder } from '@/server/geo';
import { solve } from '@/server/optimizer';
import type { RoutingSolveDeps } from './solve-routing';
import { BROOKLYN_STORE } from './test-store';

export const embeddedSolveDeps: RoutingSolveDeps = {
  geocoder: new ZipCentroidGeocoder(),
  matrix: new EmbeddedMatrixProvider(),
  trafficProfile: () => undefined,
  solve,
  threads: 1,
};

/** Drop-offs in two other boroughs, with coordinates as a request writes them. */
export const BRONX_DROPOFF = {
  addressLine1: '1 E 161st St',
  city: 'Bronx',
  state: 'NY',
  postalCode: '10451',
  latitude: '40.8296',
  longitude: '-73.9262',
};
export const QUEENS_DROPOFF = {
  addressLine1: '1 Court Sq',
  city: 'Long Island City',
  state: 'NY',
  postalCode: '11101',
  latitude: '40.7471',
  longitude: '-73.9429',
};

/** An order of one box picked up at the store, as a request writes it. */
export const boxOrderBody = (externalId: string, dropoffAddress: object, extra: object = {}) => ({
  externalId,
  pickupAddress: BROOKLYN_STORE,
  dropoffAddress,
  payloadItems: [{ description: 'box', height: 12, length: 12, width: 12, weight: 20, quantity: 1 }],
  ...extra,
});

/** Fleet entry `n` (driver-n in cargo van-n) starting at the store at 08:00 New York time on `date`. */
export const cargoVanBody = (n: number, date: string, extra: object = {}) => ({
  driverExternalId: `driver-${n}`,
  vehicleExternalId: `van-${n}`,
  vehicleType: 'cargo-van',
  scheduledStart: `${date}T08:00:00-05:00`,
  startAddress: BROOKLYN_STORE,
  ...extra,
});
