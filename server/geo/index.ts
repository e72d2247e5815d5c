/**
 * Geo: geocoding, time zones and local-time arithmetic, travel-time matrices and traffic profiles.
 * Depends only on configuration (and caches it is handed).
 */
export type { AddressInput, CoordinateField, CoordinateParse } from './address';
export { parseAddressCoordinates } from './address';
export type { LatLng } from './distance';
export { surfaceDistance } from './distance';
export { GeocoderUnavailableError, RoutingEngineError, type RoutingEngineErrorCode } from './errors';
export type { Geocoder, GeocodeResult, GeocodeSource } from './geocoder';
export { geocodeMany, ZipCentroidGeocoder, resolveFromRequest, resolveFromZip } from './geocoder';
export { geocodeQueryKey, InMemoryGeocodeCache, type CachedGeocode, type GeocodeCache } from './geocode-cache';
export { DatabaseGeocodeCache } from './geocode-cache-db';
export {
  createGeocoder,
  NominatimClient,
  PeliasClient,
  StreetLevelGeocoder,
  type StreetGeocoderClient,
  type StreetLevelGeocoderOptions,
} from './street-geocoder';
export type { MatrixProvider, TravelMatrix, VehicleProfile } from './matrix';
export { emptyMatrix, VEHICLE_PROFILES } from './matrix';
export {
  BAND_SPEEDS_KMH,
  CIRCUITY,
  DISTANCE_BAND_LIMITS_METERS,
  EmbeddedMatrixProvider,
  embeddedMatrix,
  embeddedTable,
  travelSeconds,
} from './embedded-matrix';
export { CachingMatrixProvider } from './matrix-cache';
export { OsrmMatrixProvider } from './osrm';
export { PROFILE_SLOWDOWN, type RemoteMatrixOptions } from './remote-matrix';
export { ValhallaMatrixProvider } from './valhalla';
export { createMatrixProvider, getGeocoder, getMatrixProvider } from './providers';
export type { ZoneResult } from './timezone';
export {
  addDays,
  epochToLocalIso,
  isValidTimeZone,
  localDateOf,
  localDayBounds,
  localTimeToEpoch,
  parseLocalDate,
  utcOffsetSeconds,
  zoneForCoordinate,
  zoneForZip,
} from './timezone';
export {
  buildTrafficProfile,
  trafficFactorAt,
  trafficProfileFor,
  TRAFFIC_BUCKET_SECONDS,
  type TrafficMode,
  type TrafficProfile,
} from './traffic';
export type { ZipPlace } from './zip';
export { lookupZip, normalizeZip } from './zip';
