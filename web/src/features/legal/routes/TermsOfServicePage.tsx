import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Agreement',
    body: (
      <p>
        These terms govern your use of ZipFill. By creating an account or using the service you agree to them.
        If you use ZipFill for a company, you confirm you may bind it to these terms.
      </p>
    ),
  },
  {
    heading: 'The service',
    body: (
      <p>
        ZipFill looks up US ZIP codes (5-digit or ZIP+4) entered on HubSpot contacts and companies and writes
        city, state, county, country and, for contacts if you choose, timezone into the properties you map.
        Canadian postal codes are supported only in part (province and UTC offset). Other international
        formats are not supported.
      </p>
    ),
  },
  {
    heading: 'Accounts',
    body: (
      <p>
        You must give a valid e-mail address and keep your password secret. You are responsible for activity
        under your account and for the HubSpot portals you connect, and you must have the right to let us
        update their records.
      </p>
    ),
  },
  {
    heading: 'Credits and payment',
    body: (
      <ul>
        <li>New accounts receive 50 free credits; partner programmes may add bonus credits.</li>
        <li>One credit is used per successful lookup. Failed lookups are not charged.</li>
        <li>Credits never expire and are not transferable or redeemable for cash.</li>
        <li>
          Credit packs are paid once; subscriptions renew monthly until cancelled and can be cancelled at any
          time from Manage Account, effective at the end of the current period.
        </li>
        <li>
          Prices are shown on the <Link to={paths.pricing}>Pricing</Link> page. Payments are processed by
          Stripe.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Refunds',
    body: (
      <p>
        If the service did not work as described, <Link to={paths.support}>contact support</Link> within 30
        days of the purchase and we will refund unused credits from that purchase.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Do not use the service to break the law, to overload or probe it, to resell lookups as a data feed, or
        to get around credit charges. We may suspend accounts that do.
      </p>
    ),
  },
  {
    heading: 'Accuracy of data',
    body: (
      <p>
        Location data comes from public ZIP code datasets. ZIP codes can span several cities and counties and
        boundaries change, so results may be incomplete or wrong. Verify important records. The service is
        provided &quot;as is&quot; without warranty of fitness for a particular purpose.
      </p>
    ),
  },
  {
    heading: 'Third-party services',
    body: (
      <p>
        The service depends on HubSpot and Stripe, whose own terms apply to your use of them. We are not
        responsible for their availability or for changes they make.
      </p>
    ),
  },
  {
    heading: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, our total liability for any claim is limited to the amount you paid us
        in the twelve months before it arose, and we are not liable for indirect or consequential loss, lost
        profits or lost data.
      </p>
    ),
  },
  {
    heading: 'Ending the agreement',
    body: (
      <p>
        You may stop using the service and ask us to close your account at any time. We may end or suspend
        access for a material breach of these terms. Sections on payment, accuracy and liability survive the
        end of the agreement.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        We may update these terms. We will post the new version here and update the date above; for material
        changes we will e-mail account holders in advance. Continued use after a change means you accept it.
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return <LegalDocument title="Terms of Service" sections={sections} />;
}
