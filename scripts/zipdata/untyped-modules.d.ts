// Just the parts of these untyped build-time packages that scripts/zipdata uses.
declare module 'zipcodes' {
  interface ZipcodesRow {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipcodesRow>; lookup(zip: string): ZipcodesRow | undefined };
  export default zipcodes;
}

declare module 'which-polygon' {
  import type { FeatureCollection } from 'geojson';
  type Query<P> = {
    (point: [number, number]): P | null;
    (point: [number, number], multi: true): P[] | null;
  };
  export default function whichPolygon<P>(data: FeatureCollection<GeoJSON.Geometry, P>): Query<P>;
}

declare module 'topojson-client' {
  import type { FeatureCollection } from 'geojson';
  export function feature(topology: unknown, object: unknown): FeatureCollection;
}
