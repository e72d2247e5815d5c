/**
 * The Brooklyn store most test plans and benchmarks pick up at and start their vans from (for tests
 * only), free of imports so that browser tests and scripts can load it.
 */

/** 55 Water St, Brooklyn, with coordinates as a request writes them. */
export const BROOKLYN_STORE = {
  addressLine1: '55 Water St',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11201',
  latitude: '40.7033',
  longitude: '-73.9881',
};

/** A New York City address as the test requests write one, with coordinates when given (strings, as requests write them). */
export function nycAddress(addressLine1: string, postalCode: string, at?: { latitude: string; longitude: string }) {
  return { addressLine1, city: 'New York', state: 'NY', postalCode, ...at };
}
