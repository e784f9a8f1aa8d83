import { paths } from '../../../app/paths';
import { usePublicConfigQuery } from '../../../lib/public-config';
import { LinkButton, Page, StepNumber } from '../../../ui';
import { VideoFacade } from '../components/VideoFacade';
import { ZipDataAge } from '../../../ui/ZipDataAge';
import screenshots from '../screenshots.json';

type Shot = keyof typeof screenshots;

const steps: { title: string; text: string[]; shot: Shot; alt: string }[] = [
  {
    title: 'Connect HubSpot',
    text: [
      'On your dashboard, choose Connect HubSpot. HubSpot asks which account to connect and shows the access ZipFill asks for; approve it. You can connect several portals, each to one ZipFill account.',
    ],
    shot: 'connect',
    alt: 'The dashboard card "Connected HubSpot Portals" with its Connect to HubSpot button.',
  },
  {
    title: 'Configure field mappings',
    text: [
      'Choose Configure next to the portal. For contacts and companies, pick the property that should receive city, state, county and country, or "Do Not Update with Location Data". A new portal starts with HubSpot\'s own properties proposed; nothing is saved until you press Save Configuration. Contacts can also get their timezone set.',
      'Each field has a write mode: "Keep it: fill only when empty" (the default) never replaces a value; "Update when the ZIP changes, unless edited by hand" replaces only a value ZipFill wrote itself; "Always overwrite" replaces whatever is there.',
    ],
    shot: 'mapping',
    alt: 'The Configure Portal page with City, State, County and Country mapped to HubSpot properties for contacts and companies.',
  },
  {
    title: 'Make sure you have enough credits',
    text: [
      'Each successful lookup uses one credit; failed lookups are free. Your balance is on the dashboard, and you can buy more under Credits at any time.',
    ],
    shot: 'credits',
    alt: 'The Credit Balance card showing 50 credits available and a Get More Credits button.',
  },
  {
    title: 'Start using it',
    text: [
      'Enter or change a 5-digit ZIP code in the Postal Code of a contact or company in HubSpot. Within seconds the mapped fields are filled in, and the lookup shows up in your usage.',
    ],
    shot: 'usage',
    alt: 'The Daily Usage chart on the dashboard with one successful lookup today.',
  },
];

const backfill = [
  'On your dashboard, choose Fill existing records next to the portal.',
  'Pick contacts or companies, and whether to fill only the records whose mapped fields are empty (the default) or every record with a ZIP code (then each field’s write mode decides what is replaced). You can limit it to records changed since a day.',
  'Choose Check first (dry run): it counts the records in scope, how many of their ZIP codes are found, why the others would fail, and the credits needed against your balance. Nothing is charged or written.',
  'Choose Start filling. The Backfill jobs panel on your dashboard shows its progress; you can pause, resume or cancel it, and download its report (CSV). Each record filled uses one credit, failed ones are free; if your credits run out the job stops, and goes on by itself once you have bought more.',
];

const install = [
  'Create a ZipFill account: it comes with 50 free credits. Connecting happens from your ZipFill dashboard, also when you found ZipFill on the HubSpot App Marketplace.',
  'To approve the connection you need to be a Super Admin of the HubSpot account, or have the App Marketplace access permission.',
  'ZipFill asks HubSpot for the least it needs: to read and write contacts and companies (to read the ZIP code and write the location) and to read their property definitions (to offer the properties on Configure Portal). It reads nothing else.',
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
      <ZipDataAge />
      <section className="section-block" aria-labelledby="install-heading">
        <h2 id="install-heading">Install</h2>
        <ul className="guide-walkthrough">
          {install.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>

      <ol className="guide-steps section-block">
        {steps.map((step, index) => (
          <li key={step.title} className="card guide-step">
            <StepNumber n={index + 1} />
            <div>
              <h2 className="card-title">
                Step {index + 1}: {step.title}
              </h2>
              {step.text.map((text) => (
                <p key={text}>{text}</p>
              ))}
              <Screenshot shot={step.shot} alt={step.alt} />
            </div>
          </li>
        ))}
      </ol>

      <section className="section-block" aria-labelledby="workflow-heading">
        <h2 id="workflow-heading">In workflows: Fill location from ZIP</h2>
        <p>
          On HubSpot plans with workflows (Professional and Enterprise), add the action “Fill location from
          ZIP” to a contact or company workflow. Give it the property holding the ZIP code (a custom one too)
          or a fixed ZIP code; its outputs City, State, County, Country, Timezone and Outcome can be copied to
          properties or used to branch, and two more give the rest of the answer: the ZIP’s other accepted
          city names, and every county it spans with its share (the county written comes first). Choose “Write
          the mapped properties” to have ZipFill also write the properties mapped on Configure Portal, by
          their write modes. Each successful lookup uses one credit, as anywhere else.
        </p>
      </section>

      <section className="section-block" aria-labelledby="backfill-heading">
        <h2 id="backfill-heading">Backfilling existing records</h2>
        <p>
          Records that already had a ZIP code before you connected are not filled by the live lookups, because
          HubSpot reports changes, not existing values. Fill them with a backfill job:
        </p>
        <ol className="guide-walkthrough">
          {backfill.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        {config?.setupVideoUrl && (
          <VideoFacade title="Backfilling tutorial" embedUrl={config.setupVideoUrl} />
        )}
      </section>

      <section className="section-block" aria-labelledby="disconnect-heading">
        <h2 id="disconnect-heading">Disconnect a portal</h2>
        <p>
          On your dashboard, choose Delete next to the portal. ZipFill stops filling it at once, deletes the
          portal’s HubSpot tokens and asks HubSpot to revoke them. ZipFill stays installed in HubSpot until
          you uninstall it there; you can connect the portal again at any time.
        </p>
      </section>

      <section className="section-block" aria-labelledby="uninstall-heading">
        <h2 id="uninstall-heading">Uninstall</h2>
        <p>
          In HubSpot, open Settings, then Integrations, Connected Apps; choose ZipFill and Uninstall. HubSpot
          then refuses ZipFill’s access: ZipFill forgets the portal’s tokens, e-mails you once, and your
          dashboard shows the portal as disconnected with a Reconnect button. Nothing is written to HubSpot
          and no credit is charged for it afterwards.
        </p>
        <p>
          ZipFill keeps your lookup history (the ZIP codes looked up and their outcomes) with your account.
          When a contact is deleted in HubSpot at their request (a GDPR deletion), HubSpot tells ZipFill, and
          ZipFill forgets that contact’s ZIP code and the values it filled in; your credit history keeps only
          amounts and dates. Deleting your ZipFill account (Manage Account, Delete my account) revokes its
          access to your portals and erases your address, the ZIP codes of your lookups and your request logs.
        </p>
      </section>

      <div className="cta">
        <LinkButton to={paths.dashboard} size="lg">
          Go to Dashboard
        </LinkButton>
      </div>
    </Page>
  );
}
