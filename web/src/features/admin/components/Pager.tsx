import { USER_PAGE_SIZES } from '@domain/admin/rules';
import { countOf, formatNumber } from '../../../lib/plural';
import { Button } from '../../../ui';

/** "Showing 51 to 100 of 10,000 users", Previous and Next, and the page size. */
export function Pager({
  offset,
  limit,
  total,
  noun,
  onOffset,
  onLimit,
}: {
  offset: number;
  limit: number;
  total: number;
  /** What is listed, in the singular ("user"). */
  noun: string;
  onOffset: (offset: number) => void;
  onLimit: (limit: number) => void;
}) {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="admin-pagination">
      <span>
        Showing {formatNumber(from)} to {formatNumber(to)} of {countOf(total, noun)}
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
      <Button variant="secondary" disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
        Next
      </Button>
      <label>
        Per page{' '}
        <select value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {USER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
