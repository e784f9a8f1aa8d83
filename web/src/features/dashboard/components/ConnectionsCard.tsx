import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import type { HubSpotConnection } from '@api/portals/contract';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { Alert, Button, Card, Spinner, withFlash } from '../../../ui';
import {
  useDeleteHubspotConnectionMutation,
  useHubspotConnectionsQuery,
  useHubspotInstallUrlQuery,
  useSandboxCrmPassMutation,
} from '../connections-api';
import { ConnectWidget } from './ConnectWidget';

const connectedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** What another part of the app adds to a connected portal's row (the page composes it; features stay apart). */
export type PortalAction = (portalId: string) => ReactNode;

/**
 * The user's connected HubSpot portals, with Configure and Delete, and the connect button. A portal
 * whose access HubSpot revoked (the app was uninstalled there) says so and offers Reconnect, which
 * goes through HubSpot's consent again and brings the portal back with its mapping.
 */
export function ConnectionsCard({ portalAction }: { portalAction?: PortalAction }) {
  const { data: connections, error, isLoading, refetch } = useHubspotConnectionsQuery();
  const [remove, { isLoading: deleting }] = useDeleteHubspotConnectionMutation();
  const [deleteError, setDeleteError] = useState<string>();
  const { data: config } = usePublicConfigQuery();
  const [issueSandboxPass] = useSandboxCrmPassMutation();
  const navigate = useNavigate();
  const sandbox = config?.standIns.hubspot === true;
  const revoked = connections?.some((c) => c.state === 'access_revoked') === true;
  const { data: install } = useHubspotInstallUrlQuery(undefined, { skip: !revoked });

  // The sandbox CRM's pages answer only the user its portals belong to: hand this browser a pass.
  useEffect(() => {
    if (sandbox) void issueSandboxPass();
  }, [sandbox, issueSandboxPass]);

  // The consent finishes in another tab: look again when the user comes back to this one.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const onDelete = async (connection: HubSpotConnection) => {
    const sure = window.confirm(
      `Delete the connection to HubSpot portal ${connection.portal_id}? ZIP codes entered there will no longer be filled in.`,
    );
    if (!sure) return;
    setDeleteError(undefined);
    try {
      await remove(connection.id).unwrap();
      navigate(paths.dashboard, withFlash(`Portal ${connection.portal_id} disconnected`, { replace: true }));
    } catch (e) {
      setDeleteError(`Failed to delete HubSpot connection: ${serverErrorText(e) ?? 'Network error'}`);
    }
  };

  return (
    <Card title="Connected HubSpot Portals">
      {deleteError && <Alert kind="error">{deleteError}</Alert>}
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <Alert kind="error">{serverErrorText(error) ?? 'Failed to fetch HubSpot connections'}</Alert>
      ) : connections && connections.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Portal ID</th>
                <th scope="col">Connected On</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {connections.map((c) => (
                <tr key={c.id}>
                  <td data-label="Portal ID">{c.portal_id}</td>
                  <td data-label="Connected On">{connectedOn(c.created_at)}</td>
                  <td data-label="Status">
                    {c.state === 'access_revoked' ? (
                      <>
                        <span className="badge badge-danger">Disconnected</span>
                        <p className="small muted">
                          HubSpot access was revoked (the app was uninstalled). Lookups from this portal fail,
                          uncharged, until you reconnect it; its mapping is kept.
                        </p>
                      </>
                    ) : (
                      <span className="badge badge-success">Connected</span>
                    )}
                  </td>
                  <td className="table-actions">
                    {c.state === 'access_revoked' ? (
                      <a
                        className="btn btn-primary"
                        href={install?.installUrl}
                        aria-disabled={!install}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        Reconnect
                      </a>
                    ) : (
                      <>
                        <Link className="btn btn-secondary" to={paths.configurePortal(c.portal_id)}>
                          Configure
                        </Link>
                        {portalAction?.(c.portal_id)}
                      </>
                    )}
                    <Button variant="danger" disabled={deleting} onClick={() => void onDelete(c)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No HubSpot portal connected yet. Connect one to start filling in locations.</p>
      )}
      <ConnectWidget />
      {sandbox && (
        <p className="small muted">
          HubSpot runs as a sandbox here:{' '}
          <a href="/sandbox/hubspot/records" target="_blank" rel="noopener noreferrer">
            open the sandbox CRM
          </a>{' '}
          to create contacts and companies with a ZIP code.
        </p>
      )}
    </Card>
  );
}
