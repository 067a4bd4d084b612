import { volumeStatusAt, type WantedStatus } from '../domain/wanted-volumes.js';
import type { ListCache } from '../repositories/list-cache.js';
import type { WantedFilters, WantedRepository, WantedRow } from '../repositories/wanted.repository.js';

export interface WantedQuery extends WantedFilters {
  status?: WantedStatus;
}

export interface WantedVolume extends WantedRow {
  status: WantedStatus;
}

/**
 * The wanted list: every missing volume of the series the viewer may see, in series then volume order. The whole
 * list of a filter is computed once and remembered until the catalog (books, series, links' counts, grabs) changes,
 * so paging through 10k missing volumes costs a slice, not four queries over the library.
 */
export class WantedService {
  constructor(
    private readonly wanted: WantedRepository,
    private readonly cache: ListCache,
    /** GRAB_EXPIRY_HOURS: a grab older than this, its file still not in, leaves its volume wanted again. */
    private readonly grabExpiryMs: number,
  ) {}

  async page(query: WantedQuery, page: number, limit: number): Promise<{ items: WantedVolume[]; total: number }> {
    const { items } = await this.cache.remember(
      JSON.stringify(['wanted', query.libraryId ?? null, query.seriesId ?? null, query.seriesStatus ?? null]),
      // Expiry is read at compute time: the cache keeps an answer at most a minute, against an expiry of hours.
      async () => {
        const now = Date.now();
        const items = (await this.wanted.wanted(query)).map((row) => ({
          ...row,
          ...volumeStatusAt(row.lastGrab, now, this.grabExpiryMs),
        }));
        return { items };
      },
    );
    const matching = query.status === undefined ? items : items.filter((item) => item.status === query.status);
    const start = (page - 1) * limit;
    return { items: matching.slice(start, start + limit), total: matching.length };
  }
}
