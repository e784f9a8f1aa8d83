import { usePublicConfigQuery } from '../../lib/public-config';
import { standInNotice } from './stand-in-notice';

/** Says on every page of a public demo (ALLOW_STAND_INS) that the services behind it are stand-ins. */
export function PublicDemoBanner() {
  const { data: config } = usePublicConfigQuery();
  if (!config?.publicDemo) return null;
  return (
    <div className="demo-banner" role="note">
      <strong>Public demo.</strong> {standInNotice(config.standIns)} No real payment is taken and no real
      HubSpot portal is needed; do not enter anything you would not show others.
    </div>
  );
}
