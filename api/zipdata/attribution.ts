/**
 * Credit owed for the embedded ZIP data (CC BY sources require it). Shown in the README and
 * the web footer; the full list of sources and licences is in api/zipdata/SOURCES.md.
 */
export const ZIP_DATA_ATTRIBUTION =
  'ZIP code data: GeoNames (geonames.org, CC BY 4.0), SimpleMaps US ZIP Codes Basic (simplemaps.com, ' +
  'CC BY 4.0), ziptz (MIT), US Census Bureau county names and boundaries, and time zone boundaries ' +
  'from timezone-boundary-builder (ODbL, © OpenStreetMap contributors).';
