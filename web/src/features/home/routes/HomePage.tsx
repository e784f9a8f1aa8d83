import { useEffect } from 'react';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { LinkButton } from '../../../ui';
import { FeatureGrid } from '../components/FeatureGrid';
import { HowItWorks } from '../components/HowItWorks';
import { LookupCounter } from '../components/LookupCounter';

export function HomePage() {
  const { isSignedIn } = useSession();
  useEffect(() => {
    document.title = 'ZipFill – ZIP code auto-fill for HubSpot';
  }, []);

  return (
    <div className="home">
      <section className="hero">
        <div className="hero-inner">
          <LookupCounter />
          <h1 className="hero-title">Complete addresses in HubSpot from just a ZIP code</h1>
          <p className="hero-text">
            Enter a ZIP code on a contact or company and ZipFill fills in city, state, county, country and
            timezone for you. Cleaner data, less typing, better segmentation.
          </p>
          <div className="hero-actions">
            <LinkButton to={paths.register} size="lg">
              Get Started
            </LinkButton>
            <LinkButton to={paths.setupGuide} size="lg" variant="secondary">
              How It Works
            </LinkButton>
          </div>
          <p className="hero-note">50 free credits when you sign up. No card required.</p>
        </div>
      </section>

      <section className="section" aria-labelledby="features-heading">
        <h2 id="features-heading" className="section-title">
          Everything you need for clean location data
        </h2>
        <FeatureGrid />
      </section>

      <section className="section section-alt" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="section-title">
          How it works
        </h2>
        <HowItWorks />
      </section>

      <section className="section" aria-labelledby="pricing-heading">
        <div className="teaser card">
          <div>
            <h2 id="pricing-heading">Simple, credit-based pricing</h2>
            <p>
              One credit per successful lookup. Failed lookups are free and credits never expire. Packs start
              at 300 credits for $50, and monthly plans save 20%.
            </p>
          </div>
          <LinkButton to={isSignedIn ? paths.credits : paths.pricing} variant="secondary">
            {isSignedIn ? 'Get More Credits' : 'View Pricing'}
          </LinkButton>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-heading">
        <h2 id="cta-heading">Ready to stop typing addresses?</h2>
        <p>Create your account and get 50 free credits to try it on your own records.</p>
        {isSignedIn ? (
          <LinkButton to={paths.dashboard} size="lg">
            Go to Dashboard
          </LinkButton>
        ) : (
          <LinkButton to={paths.register} size="lg">
            Sign Up Free
          </LinkButton>
        )}
      </section>

      <aside className="disclaimer" aria-label="Disclaimer">
        <p>
          <strong>Please verify auto-filled data.</strong> Location data comes from public ZIP code datasets.
          ZIP codes can span several cities or counties and boundaries change over time, so an auto-filled
          value may not match a record&apos;s actual address. Review important records before relying on them.
        </p>
      </aside>
    </div>
  );
}
