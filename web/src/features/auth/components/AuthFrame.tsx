import { useEffect, type ReactNode } from 'react';

interface AuthFrameProps {
  title: string;
  /** The visible heading when it needs markup; the title otherwise. */
  heading?: ReactNode;
  subtitle?: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card that every sign-in, sign-up and password page sits in. */
export function AuthFrame({ title, heading, subtitle, badge, children, footer }: AuthFrameProps) {
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
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </div>
  );
}
