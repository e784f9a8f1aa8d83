import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';

/** The way to the neighbouring page, under the card: "Already have an account? Sign in". */
interface Elsewhere {
  question: string;
  to: string;
  link: string;
}

export const NOT_REGISTERED: Elsewhere = {
  question: "Don't have an account?",
  to: paths.register,
  link: 'Sign up',
};

export const ALREADY_REGISTERED: Elsewhere = {
  question: 'Already have an account?',
  to: paths.login,
  link: 'Sign in',
};

interface AuthFrameProps {
  title: string;
  /** The visible heading when it needs markup; the title otherwise. */
  heading?: ReactNode;
  subtitle?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  elsewhere?: Elsewhere;
}

/** The centred card that every sign-in, sign-up and password page sits in. */
export function AuthFrame({ title, heading, subtitle, badge, children, elsewhere }: AuthFrameProps) {
  useEffect(() => {
    document.title = `${title} · ZipFill`;
  }, [title]);
  return (
    <div className="auth-wrap">
      <div className="card auth-card">
        {badge}
        <h1 className="auth-title">{heading ?? title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
        {elsewhere && (
          <div className="auth-footer">
            <p>
              {elsewhere.question} <Link to={elsewhere.to}>{elsewhere.link}</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
