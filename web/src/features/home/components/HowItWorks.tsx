import { StepNumber } from '../../../ui';

const steps = [
  { title: 'Connect HubSpot', text: 'Sign up and connect your HubSpot portal from your dashboard.' },
  {
    title: 'Configure Fields',
    text: 'Pick the properties that should receive city, state, county and country.',
  },
  { title: 'Enter a ZIP Code', text: 'Add or change the ZIP code on a contact or company, as you do today.' },
  {
    title: 'Auto-Populate',
    text: 'The location fields fill themselves in. One credit per successful lookup.',
  },
];

export function HowItWorks() {
  return (
    <ol className="grid grid-4 steps">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <StepNumber n={index + 1} />
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
