import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useDevMailPassMutation, usePublicConfigQuery } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { paths } from '../paths';
import { standInNotice } from './stand-in-notice';

const FALLBACK_SUPPORT_EMAIL = 'support@zipfill.app';

export function Footer() {
  const { data: config } = usePublicConfigQuery();
  const supportEmail = config?.supportEmail || FALLBACK_SUPPORT_EMAIL;
  const notice = config ? standInNotice(config.standIns) : '';
  const { isSignedIn } = useSession();
  const [issueMailPass] = useDevMailPassMutation();
  const ownMailOnly = config?.publicDemo === true && config.devMailUrl !== null;
  // A public demo's mailbox shows each reader only their own mail: hand this browser a pass.
  useEffect(() => {
    if (ownMailOnly && isSignedIn) void issueMailPass();
  }, [ownMailOnly, isSignedIn, issueMailPass]);
  const year = new Date().getFullYear();

  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <p className="brand">ZipFill</p>
          <p className="muted">
            City, state, county, country and timezone filled into HubSpot from a ZIP code.
          </p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.whyUs}>Why Us?</Link>
            </li>
            <li>
              <Link to={paths.setupGuide}>Setup Guide</Link>
            </li>
            <li>
              <Link to={paths.pricing}>Pricing</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2 className="footer-heading">Resources</h2>
          <ul>
            <li>
              <Link to={paths.support}>Support</Link>
            </li>
            <li>
              <Link to={paths.setupGuide}>Integration Guide</Link>
            </li>
            <li>
              <a href={`mailto:${supportEmail}`}>Contact Us</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="footer-bottom">
        {notice && (
          <p className="standin-notice">
            {notice}
            {config?.devMailUrl && (
              <>
                {' '}
                <a href={config.devMailUrl}>Open the development mailbox</a>.
              </>
            )}
          </p>
        )}
        {config?.zipAttribution && <p className="muted small">{config.zipAttribution}</p>}
        <p className="muted small">© {year} ZipFill. All rights reserved.</p>
      </div>
    </footer>
  );
}
