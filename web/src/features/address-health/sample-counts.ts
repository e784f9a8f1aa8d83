import type { HealthCheckAnswer } from '@api/address-health/contract';

/** A check's figures as the view tests read them: every class, one of them empty. */
export const SAMPLE_COUNTS: HealthCheckAnswer['counts'] = {
  no_zip: 4,
  invalid_zip: 1,
  unknown_zip: 0,
  city_not_accepted: 2,
  state_not_zips: 3,
  county_not_zips: 1,
  multi_county_zip: 5,
  consistent: 12,
};
