import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Who we are',
    body: (
      <p>
        ZipFill (&quot;we&quot;, &quot;us&quot;) provides a service that fills city, state, county, country
        and timezone into HubSpot contacts and companies from a ZIP code. This policy explains what personal
        data we process when you use our website and service, why, and the choices you have.
      </p>
    ),
  },
  {
    heading: 'Data we collect',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> your e-mail address and a salted hash of your password (we never
          store the password itself), your credit balance and notification settings.
        </li>
        <li>
          <strong>HubSpot connection data:</strong> the portal ID, the access tokens HubSpot issues when you
          connect, and your field-mapping choices.
        </li>
        <li>
          <strong>Lookup data:</strong> for each lookup, the ZIP code, the HubSpot record it belongs to, the
          result, the time and, for a failure, its reason. We read and write only the properties you mapped.
        </li>
        <li>
          <strong>Billing data:</strong> purchases and subscriptions. Card details are entered on and held by
          our payment provider, Stripe; we never see or store them.
        </li>
        <li>
          <strong>Support messages:</strong> the e-mail, phone number, subject and message you send us.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser user agent and request logs, kept to operate,
          secure and debug the service.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <ul>
        <li>
          To provide the service: perform lookups, update your HubSpot records and keep your credit balance.
        </li>
        <li>
          To bill you and to send the e-mails you ask for, such as password resets and low-credit notices.
        </li>
        <li>To answer support requests.</li>
        <li>To keep the service secure, prevent abuse and fix problems.</li>
        <li>
          Where enabled, to measure our advertising with a third-party tracking script and pixel. These load
          only when the operator has configured them.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Legal bases',
    body: (
      <p>
        We process account, connection, lookup and billing data to perform our contract with you; technical
        data and security logs on the basis of our legitimate interest in running a safe service; and
        advertising measurement on the basis of consent where the law requires it.
      </p>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        We do not sell personal data. We share it only with processors that help us run the service: HubSpot
        (to update your records), Stripe (payments), our e-mail provider, our hosting provider and, when
        enabled, our captcha and advertising providers. Each receives only what its task needs. We may
        disclose data when the law requires it.
      </p>
    ),
  },
  {
    heading: 'Retention',
    body: (
      <p>
        We keep account and billing records while your account exists and afterwards as long as tax and
        accounting law requires. Request logs are kept for a limited period and then deleted. When you
        disconnect a HubSpot portal we delete its access tokens. When you delete your account we keep, to
        prevent abuse of the free sign-up credits, a keyed digest of your e-mail address (not the address
        itself, and not readable without our secret key) recording that it has received them once: a new
        account with the same address starts with 0 credits.
      </p>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Traffic is encrypted in transit, passwords are hashed, HubSpot tokens are kept server-side only and
        access to production data is restricted to the people who operate the service.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may ask for access to, correction of, export of or deletion of your personal data, and you may
        object to or restrict its processing. You can unsubscribe from credit notifications with the link in
        every notification or under Manage Account. To exercise any right,{' '}
        <Link to={paths.support}>contact support</Link>. You may also complain to your data-protection
        authority.
      </p>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <p>
        The site stores your sign-in token and your dark-mode choice in your browser&apos;s local storage. We
        set no advertising cookies ourselves; a configured advertising script may set its own.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        We will post any change to this policy on this page and update the date above. For significant changes
        we will also notify account holders by e-mail.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return <LegalDocument title="Privacy Policy" sections={sections} />;
}
