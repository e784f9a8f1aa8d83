import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../ui';

type Banner = { kind: 'success' | 'error'; text: string };

/** What the return from HubSpot's consent says, shown once; the flags leave the address afterwards. */
export function ConnectBanners() {
  const [params, setParams] = useSearchParams();
  const [banner, setBanner] = useState<Banner>();

  useEffect(() => {
    const connected = params.get('hubspot_connected');
    if (connected === null) return;
    if (connected === 'false')
      setBanner({ kind: 'error', text: 'Failed to connect HubSpot. Please try again.' });
    else if (params.get('reconnected') === 'true')
      setBanner({ kind: 'success', text: 'HubSpot connection refreshed successfully!' });
    else setBanner({ kind: 'success', text: 'HubSpot connected successfully!' });
    const rest = new URLSearchParams(params);
    rest.delete('hubspot_connected');
    rest.delete('reconnected');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  return banner ? <Alert kind={banner.kind}>{banner.text}</Alert> : null;
}
