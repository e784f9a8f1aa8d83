import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Card } from '../../../ui';

const FAQ: { q: string; a: string }[] = [
  {
    q: 'What is a credit?',
    a: 'One credit pays for one successful ZIP code lookup. Failed lookups are never charged.',
  },
  { q: 'Do credits expire?', a: 'No. Credits never expire, whether bought once or added by a subscription.' },
  {
    q: 'How does the monthly subscription work?',
    a: 'Your package’s credits are added every month when the payment goes through, at 20% less than the one-time price. Cancel any time from Manage Account; credits already added stay yours.',
  },
  { q: 'How do I pay?', a: 'Payments are handled by Stripe. We never see or store your card details.' },
  {
    q: 'Can I get an invoice?',
    a: 'Stripe e-mails a receipt for every payment; subscribers find all invoices in the billing portal.',
  },
];

export function CreditsFaq() {
  return (
    <Card title="Frequently Asked Questions">
      <dl className="faq">
        {FAQ.map((item) => (
          <div key={item.q}>
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
      <p className="small">
        Another question, or need more than 100,000 credits? <Link to={paths.support}>Contact us</Link>.
      </p>
    </Card>
  );
}
