import { paths } from '../../../app/paths';
import { LinkButton, Page } from '../../../ui';
import { VideoFacade } from '../components/VideoFacade';

const steps = [
  {
    title: 'Connect HubSpot',
    text: 'On your dashboard, choose Connect HubSpot and approve access for the portal you want to enrich. You can connect several portals.',
  },
  {
    title: 'Configure field mappings',
    text: 'Choose Configure next to the portal. For contacts and companies, pick the property that should receive city, state, county and country, or "Do Not Update with Location Data". Contacts can also get their timezone set.',
  },
  {
    title: 'Make sure you have enough credits',
    text: 'Each successful lookup uses one credit; failed lookups are free. Your balance is on the dashboard, and you can buy more under Credits at any time.',
  },
  {
    title: 'Start using it',
    text: 'Enter or change a 5-digit ZIP code on a contact or company in HubSpot. Within seconds the mapped fields are filled in, and the lookup shows up in your usage.',
  },
];

export function SetupGuidePage() {
  return (
    <Page title="Setup Guide" intro="Four steps from sign-up to auto-filled addresses.">
      <ol className="guide-steps">
        {steps.map((step, index) => (
          <li key={step.title} className="card guide-step">
            <span className="step-number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className="card-title">
                Step {index + 1}: {step.title}
              </h2>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <section className="section-block" aria-labelledby="backfill-heading">
        <h2 id="backfill-heading">Backfilling existing records</h2>
        <p>
          Records that already had a ZIP code before you connected are filled only when their ZIP code
          changes, because HubSpot reports changes, not existing values. To backfill them, export the records
          with their ZIP codes, clear the ZIP code with a bulk edit, then import the file again. Each record
          filled counts as one lookup.
        </p>
        <VideoFacade title="Backfilling tutorial" embedUrl={import.meta.env.VITE_BACKFILL_VIDEO_URL} />
      </section>

      <div className="cta">
        <LinkButton to={paths.dashboard} size="lg">
          Go to Dashboard
        </LinkButton>
      </div>
    </Page>
  );
}
