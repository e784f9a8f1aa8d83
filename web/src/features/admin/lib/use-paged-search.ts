import { useState } from 'react';
import { DEFAULT_USER_PAGE_SIZE } from '@domain/admin/rules';
import { useDebounced } from './use-debounced';

/**
 * The state of a searchable, paged admin table. A new search or page size starts again at the
 * first page; `needle` is the search once typing has paused, which is what the server is asked.
 */
export function usePagedSearch() {
  const [search, setSearchText] = useState('');
  const [limit, setLimitValue] = useState(DEFAULT_USER_PAGE_SIZE);
  const [offset, setOffset] = useState(0);
  const needle = useDebounced(search.trim());
  return {
    search,
    needle,
    limit,
    offset,
    setOffset,
    /** Back to the first page, for a change that reorders or refilters the table. */
    restart: () => setOffset(0),
    setSearch: (text: string) => {
      setSearchText(text);
      setOffset(0);
    },
    setLimit: (size: number) => {
      setLimitValue(size);
      setOffset(0);
    },
  };
}
