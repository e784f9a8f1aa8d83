import { useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { errorStatus } from '../../../lib/errors';
import { Alert, LinkButton, Spinner } from '../../../ui';
import { usePartnerQuery } from '../api';
import { ALREADY_REGISTERED, AuthFrame } from '../components/AuthFrame';
import { RegisterForm } from '../components/RegisterForm';

export function PartnerRegisterPage() {
  const { partner: slug = '' } = useParams();
  const { data: partner, error, isLoading } = usePartnerQuery(slug);

  if (isLoading) return <Spinner fullPage />;

  if (!partner) {
    const notFound = errorStatus(error) === 404;
    return (
      <AuthFrame title={notFound ? 'Partner offer not found' : 'Partner offer unavailable'}>
        <Alert kind={notFound ? 'info' : 'error'}>
          {notFound
            ? 'This partner sign-up link is not valid. Check the link you were given, or sign up normally.'
            : 'The partner offer could not be loaded. Please try again in a moment.'}
        </Alert>
        <LinkButton to={paths.register} className="btn-block">
          Sign up without a partner offer
        </LinkButton>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title={`${partner.name} partner sign-up`}
      heading={
        <>
          {partner.name} partner <span className="nowrap">sign-up</span>
        </>
      }
      subtitle="Exclusive offer for partner members."
      badge={<p className="bonus-badge">+{partner.bonusCredits} BONUS CREDITS</p>}
      elsewhere={ALREADY_REGISTERED}
    >
      <RegisterForm partner={partner.slug} submitLabel="Claim My Credits" />
    </AuthFrame>
  );
}
