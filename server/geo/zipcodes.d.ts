// Types for the parts of the untyped `zipcodes` package this module reads.
declare module 'zipcodes' {
  interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipRecord | undefined> };
  export default zipcodes;
}
