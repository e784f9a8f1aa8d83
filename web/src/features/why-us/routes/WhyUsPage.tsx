import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { LinkButton, Page } from '../../../ui';

const reasons = [
  {
    title: 'Pay only for results',
    text: 'One credit per successful lookup. A ZIP code that cannot be resolved costs nothing, and your credits never expire.',
  },
  {
    title: 'Works where your team already types',
    text: 'No new screen to learn. Enter a ZIP code in HubSpot and the location fields fill themselves in on contacts and companies.',
  },
  {
    title: 'Your properties, your rules',
    text: 'Map city, state, county and country to any text property, per portal, and decide whether contacts also get a timezone.',
  },
  {
    title: 'Better segmentation and routing',
    text: 'Consistent state and county values make territory assignment, reporting and list building reliable.',
  },
  {
    title: 'Transparent usage',
    text: 'See every day’s successful and failed lookups on your dashboard, with the reason each failure happened.',
  },
  {
    title: 'Fair, simple pricing',
    text: 'Start with 50 free credits. Buy a pack when you need it, or subscribe monthly and save 20%.',
  },
];

export function WhyUsPage() {
  const { isSignedIn } = useSession();
  return (
    <Page
      title="Why Us?"
      heading="Why teams choose ZipFill"
      intro="Incomplete addresses make HubSpot data hard to segment, route and report on. ZipFill fixes that at the moment a ZIP code is entered."
    >
      <ul className="grid grid-3">
        {reasons.map((reason) => (
          <li key={reason.title} className="card">
            <h2 className="card-title">{reason.title}</h2>
            <p>{reason.text}</p>
          </li>
        ))}
      </ul>
      <div className="cta">
        <h2>Try it on your own records</h2>
        <div className="button-row center">
          <LinkButton to={isSignedIn ? paths.dashboard : paths.register} size="lg">
            {isSignedIn ? 'Go to Dashboard' : 'Get Started Free'}
          </LinkButton>
          <LinkButton to={isSignedIn ? paths.credits : paths.pricing} size="lg" variant="secondary">
            See Pricing
          </LinkButton>
        </div>
      </div>
    </Page>
  );
}
