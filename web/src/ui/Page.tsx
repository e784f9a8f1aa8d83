import { useEffect, type ReactNode } from 'react';
import { Flash } from './Flash';

interface PageProps {
  title: string;
  /** Shown as the page's heading; defaults to the title. */
  heading?: ReactNode;
  intro?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}

/** A page's frame: its browser-tab title, its one h1, the banner a finished action left, and a readable width. */
export function Page({ title, heading, intro, narrow = false, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · ZipFill`;
  }, [title]);
  return (
    <div className={narrow ? 'page page-narrow' : 'page'}>
      <h1 className="page-title">{heading ?? title}</h1>
      {intro && <p className="page-intro">{intro}</p>}
      <Flash />
      {children}
    </div>
  );
}
