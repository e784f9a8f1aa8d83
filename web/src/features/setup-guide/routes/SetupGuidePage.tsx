import { paths } from '../../../app/paths';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { LinkButton, Page } from '../../../ui';
import { VideoFacade } from '../components/VideoFacade';
import screenshots from '../screenshots.json';

type Shot = keyof typeof screenshots;

const steps: { title: string; text: string; shot: Shot; alt: string }[] = [
  {
    title: 'Connect HubSpot',
    text: 'On your dashboard, choose Connect HubSpot and approve access for the portal you want to enrich. You can connect several portals.',
    shot: 'connect',
    alt: 'The dashboard card "Connected HubSpot Portals" with its Connect to HubSpot button.',
  },
  {
    title: 'Configure field mappings',
    text: 'Choose Configure next to the portal. For contacts and companies, pick the property that should receive city, state, county and country, or "Do Not Update with Location Data". A new portal starts with HubSpot\'s own properties proposed; nothing is saved until you press Save Configuration. Contacts can also get their timezone set.',
    shot: 'mapping',
    alt: 'The Configure Portal page with City, State, County and Country mapped to HubSpot properties for contacts and companies.',
  },
  {
    title: 'Make sure you have enough credits',
    text: 'Each successful lookup uses one credit; failed lookups are free. Your balance is on the dashboard, and you can buy more under Credits at any time.',
    shot: 'credits',
    alt: 'The Credit Balance card showing 50 credits available and a Get More Credits button.',
  },
  {
    title: 'Start using it',
    text: 'Enter or change a 5-digit ZIP code on a contact or company in HubSpot. Within seconds the mapped fields are filled in, and the lookup shows up in your usage.',
    shot: 'usage',
    alt: 'The Daily Usage chart on the dashboard with one successful lookup today.',
  },
];

const backfill = [
  'In HubSpot, export the contacts or companies to fill, with their ZIP code column.',
  'Clear their ZIP code with a bulk edit (select the records, Edit, Postal code, leave it empty).',
  'Import the exported file again: each ZIP code arriving back is a change, and ZipFill fills that record.',
  'Watch the lookups arrive in Daily Usage on your dashboard; each record filled uses one credit.',
];

function Screenshot({ shot, alt }: { shot: Shot; alt: string }) {
  const { width, height } = screenshots[shot];
  return (
    <img
      className="guide-shot"
      src={`/guide/${shot}.webp`}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}

export function SetupGuidePage() {
  const { data: config } = usePublicConfigQuery();
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
              <Screenshot shot={step.shot} alt={step.alt} />
            </div>
          </li>
        ))}
      </ol>

      <section className="section-block" aria-labelledby="backfill-heading">
        <h2 id="backfill-heading">Backfilling existing records</h2>
        <p>
          Records that already had a ZIP code before you connected are filled only when their ZIP code
          changes, because HubSpot reports changes, not existing values.
        </p>
        {config?.setupVideoUrl ? (
          <VideoFacade title="Backfilling tutorial" embedUrl={config.setupVideoUrl} />
        ) : (
          <ol className="guide-walkthrough">
            {backfill.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ol>
        )}
      </section>

      <div className="cta">
        <LinkButton to={paths.dashboard} size="lg">
          Go to Dashboard
        </LinkButton>
      </div>
    </Page>
  );
}
