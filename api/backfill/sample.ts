import type { SampleRead } from '../../domain/backfill/estimate';
import type { FoundRecord } from '../../domain/backfill/records';
import {
  nextPosition,
  searchQuery,
  SEARCH_PAGE_MAX,
  type BackfillSearch,
  type SearchPosition,
} from '../../domain/backfill/search';
import type { CrmPortalClient } from '../portals/types';

/**
 * Reads a search's records within a request, as the dry run and the health check do: a page at a
 * time in ascending id order, at most `sample` records (DRY_RUN_SAMPLE_SIZE: about 12.5 s for
 * 10,000), at background priority so that live lookups keep their place in the portal's HubSpot
 * budget. Each page goes to `take` before the next is read. Answers HubSpot's count of the search
 * (on its first page) and whether every record was read.
 */
export async function readSample(
  client: CrmPortalClient,
  search: BackfillSearch,
  sample: number,
  take: (records: readonly FoundRecord[]) => Promise<void> | void,
): Promise<SampleRead> {
  let read = 0;
  let total: number | undefined;
  let position: SearchPosition | null = { aboveId: null };
  while (position && read < sample) {
    const limit = Math.min(SEARCH_PAGE_MAX, sample - read);
    const page = await client.searchRecords(search.objectType, searchQuery(search, position, limit), {
      priority: 'background',
    });
    total ??= page.total;
    await take(page.results);
    read += page.results.length;
    position = nextPosition(position, page, limit);
  }
  return { total: total ?? 0, readAll: position === null };
}
