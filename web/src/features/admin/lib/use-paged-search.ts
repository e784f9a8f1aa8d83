import { useState } from 'react';
import { DEFAULT_USER_PAGE_SIZE } from '@domain/admin/rules';
import { useDebounced } from './use-debounced';

/** Where a paged admin table stands: its page size and the offset of its first row. */
export interface Paging {
  limit: number;
  offset: number;
  setOffset: (offset: number) => void;
  /** A new page size starts again at the first page. */
  setLimit: (size: number) => void;
  /** Back to the first page, for a change that reorders or refilters the table. */
  restart: () => void;
}

export function usePaging(): Paging {
  const [limit, setLimitValue] = useState(DEFAULT_USER_PAGE_SIZE);
  const [offset, setOffset] = useState(0);
  return {
    limit,
    offset,
    setOffset,
    setLimit: (size) => {
      setLimitValue(size);
      setOffset(0);
    },
    restart: () => setOffset(0),
  };
}

/**
 * The state of a searchable, paged admin table. A new search starts again at the first page;
 * `needle` is the search once typing has paused, which is what the server is asked.
 */
export function usePagedSearch() {
  const paging = usePaging();
  const [search, setSearchText] = useState('');
  const needle = useDebounced(search.trim());
  return {
    ...paging,
    search,
    needle,
    setSearch: (text: string) => {
      setSearchText(text);
      paging.restart();
    },
  };
}
