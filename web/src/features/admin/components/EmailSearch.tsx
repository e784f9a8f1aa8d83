import type { ReactNode } from 'react';

interface EmailSearchProps {
  search: string;
  setSearch: (text: string) => void;
  /** A page is on its way: said beside the filters, the table stays as it is meanwhile. */
  fetching: boolean;
  /** More filters, after the search. */
  children?: ReactNode;
}

/** The filters above an admin table of users: a search by e-mail first. */
export function EmailSearch({ search, setSearch, fetching, children }: EmailSearchProps) {
  return (
    <div className="admin-filters">
      <label>
        Search by e-mail
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={320} />
      </label>
      {children}
      {fetching && <span className="muted small">Loading users...</span>}
    </div>
  );
}
