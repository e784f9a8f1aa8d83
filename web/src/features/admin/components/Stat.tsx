import type { CSSProperties, ReactNode } from 'react';
import { Card } from '../../../ui';

export function Stat({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="admin-stat">
      <div className="admin-stat-label">{label}</div>
      <div className="admin-stat-value">{value}</div>
      {sub && <div className="admin-stat-sub">{sub}</div>}
    </div>
  );
}

/** A card of figures side by side, each under its label. */
export function StatsCard({ title, stats }: { title: string; stats: [label: string, value: ReactNode][] }) {
  return (
    <Card title={title}>
      <div className="admin-cards">
        {stats.map(([label, value]) => (
          <Stat key={label} label={label} value={value} />
        ))}
      </div>
    </Card>
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
