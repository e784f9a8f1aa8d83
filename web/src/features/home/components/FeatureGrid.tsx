import { FeatureIcon, type IconName } from './FeatureIcon';

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'bolt',
    title: 'Automated Address Completion',
    text: 'Type a 5-digit ZIP code on a contact or company and city, state, county, country and timezone are filled in within seconds.',
  },
  {
    icon: 'link',
    title: 'HubSpot Integration',
    text: 'Connect one or more HubSpot portals with a single click. No code, no workflows to build, no CSV round-trips.',
  },
  {
    icon: 'sliders',
    title: 'Customizable Fields',
    text: 'Choose which HubSpot property receives each value, separately for contacts and companies, or leave a field untouched.',
  },
  {
    icon: 'pin',
    title: 'US ZIP Codes Only',
    text: 'Built for US ZIP codes, ZIP+4 read by its first five digits. Canadian postal codes get province and UTC offset; other formats are not supported.',
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid grid-4 feature-grid">
      {features.map((feature) => (
        <li key={feature.title} className="card feature">
          <span className="feature-icon" aria-hidden="true">
            <FeatureIcon name={feature.icon} />
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
