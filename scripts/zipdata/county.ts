// Chooses one county per ZIP, as a FIPS code, so every source ends up with the same legal name.
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import whichPolygon from 'which-polygon';
import type { GeoNamesZip, Point, SimpleMapsZip } from './sources';

const require = createRequire(import.meta.url);

/** County FIPS → SimpleMaps county name: the current spelling, diacritics included. */
export function simpleMapsSpellings(simpleMaps: Map<string, SimpleMapsZip>): Map<string, string> {
  const names = new Map<string, string>();
  for (const z of simpleMaps.values())
    for (const [fips, name] of z.countyNames) if (name) names.set(fips, name);
  return names;
}

/**
 * The county where most of the ZIP's people live, among the counties of the ZIP's own state
 * (a ZCTA can reach into a neighbouring state, like Window Rock AZ into McKinley NM).
 */
export function dominantCounty(z: SimpleMapsZip, stateFips: string | undefined): string | undefined {
  let best: { fips: string; weight: number } | undefined;
  for (const [fips, weight] of z.countyWeights) {
    if (fips.slice(0, 2) !== stateFips) continue;
    if (!best || weight > best.weight) best = { fips, weight };
  }
  return best?.fips;
}

/** GeoNames gives the 3-digit county code within the state. */
export function geoNamesCounty(z: GeoNamesZip, stateFips: string | undefined): string | undefined {
  return stateFips && z.countyCode ? stateFips + z.countyCode : undefined;
}

/** Census 2017 county polygons (us-atlas): the last county source, and the legacy CT counties. */
export function countyPolygons(): (point: Point, stateFips: string) => string | undefined {
  const topology = require('us-atlas/counties-10m.json') as {
    objects: { counties: { geometries: Array<{ id: string; properties: { fips?: string } }> } };
  };
  for (const g of topology.objects.counties.geometries) g.properties = { ...g.properties, fips: g.id };
  const query = whichPolygon<{ fips: string }>(
    feature(topology, topology.objects.counties) as Parameters<typeof whichPolygon<{ fips: string }>>[0],
  );
  return (point, stateFips) =>
    (query([point.lon, point.lat], true) ?? []).find((s) => s.fips.startsWith(stateFips))?.fips;
}
