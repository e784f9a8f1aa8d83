import { useEffect, useState, type FormEvent } from 'react';
import { proposedMapping, sharedProperties } from '@domain/portals/proposal';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { serverErrorText } from '../../../lib/errors';
import { Alert, Card, LinkButton, Page, Spinner, SubmitButton, withFlash } from '../../../ui';
import {
  useCompanyPropertiesQuery,
  useContactPropertiesQuery,
  usePortalConfigQuery,
  useSavePortalConfigMutation,
  type PortalConfig,
} from '../api';
import type { WriteMode } from '@domain/portals/config';
import {
  LOCATION_FIELDS,
  ModeSelect,
  PropertySelect,
  Switch,
  WriteModesHelp,
  type LocationField,
} from '../components/MappingFields';

const CITY_HINT =
  'Some ZIP codes go by more than one town name (93012 is Camarillo, but also Santa Rosa Valley). If City already holds one of those names, ZipFill leaves it as it is.';

export function ConfigurePortalPage() {
  const portalId = useParams().portalId ?? '';
  const navigate = useNavigate();
  const contactProps = useContactPropertiesQuery(portalId);
  const companyProps = useCompanyPropertiesQuery(portalId);
  const saved = usePortalConfigQuery(portalId);
  const [save, { isLoading: saving }] = useSavePortalConfigMutation();
  const [config, setConfig] = useState<PortalConfig>();
  const [proposed, setProposed] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  useEffect(() => {
    if (!saved.data || !contactProps.data || !companyProps.data) return;
    const proposal = proposedMapping(saved.data, { contact: contactProps.data, company: companyProps.data });
    setConfig(proposal ?? saved.data);
    setProposed(proposal !== undefined);
  }, [saved.data, contactProps.data, companyProps.data]);

  const loadError = contactProps.error ?? companyProps.error ?? saved.error;
  const loading =
    contactProps.isLoading || companyProps.isLoading || saved.isLoading || (!config && !loadError);

  const setContact = (change: Partial<PortalConfig['contact']>) =>
    setConfig((c) => c && { ...c, contact: { ...c.contact, ...change } });
  const setCompany = (change: Partial<PortalConfig['company']>) =>
    setConfig((c) => c && { ...c, company: { ...c.company, ...change } });
  const setContactMode = (field: LocationField | 'timezone', mode: WriteMode) =>
    setConfig((c) => c && { ...c, contact: { ...c.contact, modes: { ...c.contact.modes, [field]: mode } } });
  const setCompanyMode = (field: LocationField, mode: WriteMode) =>
    setConfig((c) => c && { ...c, company: { ...c.company, modes: { ...c.company.modes, [field]: mode } } });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!config) return;
    setSaveError(undefined);
    try {
      await save({ portalId, config }).unwrap();
      navigate(paths.dashboard, withFlash(`Configuration saved for portal ${portalId}`));
    } catch (err) {
      setSaveError(`Failed to save configuration: ${serverErrorText(err) ?? 'Network error'}`);
    }
  };

  return (
    <Page
      title="Configure Portal"
      heading={`Configure Portal ${portalId}`}
      intro="Choose which HubSpot property receives each location value when a ZIP code is entered."
    >
      {loadError ? (
        <>
          <Alert kind="error">
            Failed to fetch properties: {serverErrorText(loadError) ?? 'Network error'}
          </Alert>
          <LinkButton to={paths.dashboard} variant="secondary">
            Back to Dashboard
          </LinkButton>
        </>
      ) : loading || !config ? (
        <Spinner />
      ) : (
        <form className="form" onSubmit={(e) => void onSubmit(e)}>
          {proposed && (
            <Alert kind="info">
              This portal maps nothing yet, so HubSpot&apos;s own properties are proposed below. Check them
              and press Save Configuration: nothing is saved until you do.
            </Alert>
          )}
          <Card title="When a field already has a value">
            <WriteModesHelp />
          </Card>
          <div className="grid grid-2 align-start">
            <Card title="Contacts">
              <SharedWarning side={config.contact} />
              {LOCATION_FIELDS.map(([field, label]) => (
                <fieldset key={field} className="mapped-field">
                  <legend className="visually-hidden">Contact {label}</legend>
                  <PropertySelect
                    label={label}
                    value={config.contact[field]}
                    options={contactProps.data ?? []}
                    onChange={(v) => setContact({ [field]: v })}
                  />
                  {config.contact[field] !== '' && (
                    <ModeSelect
                      field={label}
                      value={config.contact.modes[field]}
                      onChange={(m) => setContactMode(field, m)}
                    />
                  )}
                </fieldset>
              ))}
              <Switch
                label="Update Time Zone"
                hint="Sets HubSpot's own Time Zone property from the ZIP code."
                checked={config.contact.updateTimezone}
                onChange={(v) => setContact({ updateTimezone: v })}
              />
              {config.contact.updateTimezone && (
                <ModeSelect
                  field="Time Zone"
                  value={config.contact.modes.timezone}
                  onChange={(m) => setContactMode('timezone', m)}
                />
              )}
              <p className="field-hint">{CITY_HINT}</p>
            </Card>
            <Card title="Companies">
              <SharedWarning side={config.company} />
              {LOCATION_FIELDS.map(([field, label]) => (
                <fieldset key={field} className="mapped-field">
                  <legend className="visually-hidden">Company {label}</legend>
                  <PropertySelect
                    label={label}
                    value={config.company[field]}
                    options={companyProps.data ?? []}
                    onChange={(v) => setCompany({ [field]: v })}
                  />
                  {config.company[field] !== '' && (
                    <ModeSelect
                      field={label}
                      value={config.company.modes[field]}
                      onChange={(m) => setCompanyMode(field, m)}
                    />
                  )}
                </fieldset>
              ))}
              <p className="field-hint">{CITY_HINT}</p>
            </Card>
          </div>
          {saveError && <Alert kind="error">{saveError}</Alert>}
          <div className="button-row">
            <SubmitButton pending={saving} pendingLabel="Saving...">
              Save Configuration
            </SubmitButton>
            <LinkButton to={paths.dashboard} variant="secondary">
              Cancel
            </LinkButton>
          </div>
        </form>
      )}
    </Page>
  );
}

const fieldLabel = Object.fromEntries(LOCATION_FIELDS) as Record<LocationField, string>;

/** Two location values mapped to one property: the second written would replace the first. */
function SharedWarning({ side }: { side: Record<LocationField, string> }) {
  const shared = sharedProperties(side);
  if (shared.length === 0) return null;
  return (
    <Alert kind="warning">
      {shared.map(({ property, fields }) => (
        <p key={property}>
          {fields.map((f) => fieldLabel[f]).join(' and ')} {fields.length === 2 ? 'both' : 'all'} go to the
          property &ldquo;{property}&rdquo;: only one value can stay there. Choose a property for each, or Do
          Not Update.
        </p>
      ))}
    </Alert>
  );
}
