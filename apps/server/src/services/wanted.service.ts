import { viewerCacheKey } from '../domain/viewer.js';
import type { WantedStatus } from '../domain/wanted-volumes.js';
import type { CatalogVersion } from '../repositories/catalog-version.js';
import type { WantedFilters, WantedRepository } from '../repositories/wanted.repository.js';
import { WantedIndex, type WantedSelection, type WantedVolume } from './wanted-index.js';
import { currentViewer } from './viewer-context.js';

export type { WantedVolume } from './wanted-index.js';

export interface WantedQuery extends WantedFilters {
  status?: WantedStatus;
}

/** Filters × viewers remembered at once; each holds positions only (4 bytes a volume). */
const MAX_SELECTIONS = 64;

/**
 * The wanted list: every missing volume of the series the viewer may see, in series then volume order.
 *
 * One index of every series' missing volumes is built per catalog version (books, series, links, grabs all bump it),
 * shared by every viewer and kept apart from the browsing lists' cache so that 10k rows never push those out. What a
 * viewer may see under a filter is one query of series ids (library access decided by the repository, as everywhere),
 * remembered as positions in the index; a page is then a slice. The index is rebuilt when the catalog changes, when a
 * grab in it expires (its volume is wanted again), and after `ttlMs` as the list cache bounds staleness.
 */
export class WantedService {
  private built: { version: number; builtAt: number; index: WantedIndex } | null = null;
  private building: { version: number; promise: Promise<WantedIndex> } | null = null;
  private readonly selections = new Map<string, { index: WantedIndex; selection: Promise<WantedSelection> }>();

  constructor(
    private readonly wanted: WantedRepository,
    private readonly catalogVersion: CatalogVersion,
    /** GRAB_EXPIRY_HOURS: a grab older than this, its file still not in, leaves its volume wanted again. */
    private readonly grabExpiryMs: number,
    private readonly ttlMs = 60_000,
  ) {}

  async page(query: WantedQuery, page: number, limit: number): Promise<{ items: WantedVolume[]; total: number }> {
    const version = await this.catalogVersion.current();
    if (version === null) {
      // The version is unknown (PostgreSQL's listener reconnecting): nothing remembered can be trusted.
      const index = new WantedIndex(await this.wanted.wanted(query), Date.now(), this.grabExpiryMs);
      return index.page(index.select(index.volumes.map((volume) => volume.seriesId)), query.status, page, limit);
    }
    const index = await this.indexAt(version);
    return index.page(await this.selectionOf(index, query), query.status, page, limit);
  }

  private async indexAt(version: number): Promise<WantedIndex> {
    const now = Date.now();
    const built = this.built;
    if (built?.version === version && now < built.index.statusesHoldUntil) {
      if (now - built.builtAt < this.ttlMs) return built.index;
      // Only the staleness bound ran out (nothing this process knows of changed): the index is still answered from
      // while a fresh one is built, so that every request in flight does not wait on a rebuild of 10k rows.
      if (this.building?.version !== version) this.build(version).catch(() => undefined);
      return built.index;
    }
    if (this.building?.version === version) return this.building.promise;
    return this.build(version);
  }

  /** Builds the index of `version` and keeps it (concurrent callers of the same version share the build). */
  private async build(version: number): Promise<WantedIndex> {
    const now = Date.now();
    const promise = this.wanted.everyWanted().then((rows) => new WantedIndex(rows, Date.now(), this.grabExpiryMs));
    const building = { version, promise };
    this.building = building;
    try {
      const index = await promise;
      if (this.building === building) {
        // The selections name positions in the index they were made from: the new one starts without them.
        this.built = { version, builtAt: now, index };
        this.selections.clear();
      }
      return index;
    } finally {
      if (this.building === building) this.building = null;
    }
  }

  /** The viewer's selection under the query's filters, computed once per index (concurrent requests share it). */
  private async selectionOf(index: WantedIndex, query: WantedQuery): Promise<WantedSelection> {
    const key = JSON.stringify([
      viewerCacheKey(currentViewer()),
      query.libraryId ?? null,
      query.seriesId ?? null,
      query.seriesStatus ?? null,
    ]);
    const select = () =>
      this.wanted
        .visibleSeriesIds({ libraryId: query.libraryId, seriesId: query.seriesId, seriesStatus: query.seriesStatus })
        .then((ids) => index.select(ids));
    // A request that waited on an index since replaced is answered from it, but nothing of it is kept.
    if (index !== this.built?.index) return select();
    let entry = this.selections.get(key);
    if (entry?.index === index) {
      // Re-inserting keeps the Map in least-recently-used order for eviction.
      this.selections.delete(key);
      this.selections.set(key, entry);
    } else {
      entry = { index, selection: select() };
      this.selections.delete(key);
      this.selections.set(key, entry);
      for (const oldest of this.selections.keys()) {
        if (this.selections.size <= MAX_SELECTIONS) break;
        this.selections.delete(oldest);
      }
    }
    const pending = entry;
    try {
      return await pending.selection;
    } catch (error) {
      if (this.selections.get(key) === pending) this.selections.delete(key);
      throw error;
    }
  }
}
