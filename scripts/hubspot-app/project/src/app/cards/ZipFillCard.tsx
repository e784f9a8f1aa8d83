import { hubspot } from '@hubspot/ui-extensions';
import { RecordCard } from './RecordCard';

/**
 * The card's entry point (app cards reference:
 * https://developers.hubspot.com/docs/apps/developer-platform/add-features/ui-extensibility/app-cards/reference).
 * HubSpot gives the record's portal, object type id (0-1 contacts, 0-2 companies) and id; the
 * renderer (scripts/hubspot-app/project.ts) puts the deployment's PUBLIC_URL in place of the
 * placeholder, and app-hsmeta.json's permittedUrls.fetch lets hubspot.fetch call it.
 */
const ZIPFILL_URL = '%PUBLIC_URL%';

hubspot.extend<'crm.record.tab'>(({ context }) => (
  <RecordCard
    baseUrl={ZIPFILL_URL}
    portalId={String(context.portal.id)}
    objectType={context.crm.objectTypeId === '0-2' ? 'companies' : 'contacts'}
    objectId={String(context.crm.objectId)}
    fetcher={hubspot.fetch}
  />
));
