import type { ReactNode } from 'react';

export function Stat({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="admin-stat">
      <div className="admin-stat-label">{label}</div>
      <div className="admin-stat-value">{value}</div>
      {sub && <div className="admin-stat-sub">{sub}</div>}
    </div>
  );
}

export function Badge({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <span className="admin-badge" style={{ color: colour, borderColor: colour }}>
      {children}
    </span>
  );
}
