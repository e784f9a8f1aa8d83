import type { ReactNode } from 'react';
import { USER_PAGE_SIZES } from '@domain/admin/rules';
import { countOf, formatNumber } from '../../../lib/plural';
import { Button } from '../../../ui';
import type { Paging } from '../lib/use-paged-search';

/** "Showing 51 to 100 of 10,000 users", Previous and Next, and the page size. */
export function Pager({ paging, total, noun }: { paging: Paging; total: number; noun: string }) {
  return (
    <Pagination
      offset={paging.offset}
      limit={paging.limit}
      total={total}
      of={countOf(total, noun)}
      onOffset={paging.setOffset}
    >
      <PageSize label="Per page" value={paging.limit} onChange={paging.setLimit} />
    </Pagination>
  );
}

interface PaginationProps {
  offset: number;
  limit: number;
  total: number;
  /** What follows "of": the total with its noun ("10,000 users"). */
  of: ReactNode;
  /** Whether no page follows; by default, when this page reaches the total. */
  last?: boolean;
  onOffset: (offset: number) => void;
  /** What follows Next, such as the page size. */
  children?: ReactNode;
}

/** Where a page stands in a list ("Showing 51 to 100 of …", "Page 2 of 200") and the way to its neighbours. */
export function Pagination({ offset, limit, total, of, last, onOffset, children }: PaginationProps) {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="admin-pagination">
      <span>
        Showing {formatNumber(from)} to {formatNumber(to)} of {of}
      </span>
      <Button
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - limit))}
      >
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        variant="secondary"
        disabled={last ?? offset + limit >= total}
        onClick={() => onOffset(offset + limit)}
      >
        Next
      </Button>
      {children}
    </div>
  );
}

/** How many rows a page of an admin table holds, one of the spec's choices. */
export function PageSize({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {USER_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
