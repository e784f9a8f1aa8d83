import type { CSSProperties, ReactNode } from 'react';

export function Stat({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="admin-stat">
      <div className="admin-stat-label">{label}</div>
      <div className="admin-stat-value">{value}</div>
      {sub && <div className="admin-stat-sub">{sub}</div>}
    </div>
  );
}

/** A rule's colour as a badge; its text is mixed toward the page's text colour to stay readable. */
export function Badge({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <span className="admin-badge" style={{ '--badge': colour } as CSSProperties}>
      {children}
    </span>
  );
}
