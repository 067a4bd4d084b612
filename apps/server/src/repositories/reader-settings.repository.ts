import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { SeriesReaderSettings } from '../entities/series-reader-settings.entity.js';

/** One reader's stored choices for a series, as text (domain/reading-direction.ts checks them on the way out). */
export interface StoredReaderSettings {
  readingDirection: string | null;
  layout: string | null;
  fit: string | null;
  scrollFit: string | null;
  maxWidth: number | null;
  background: string | null;
}

export type ReaderSettingsChanges = Partial<StoredReaderSettings>;

const NONE: StoredReaderSettings = {
  readingDirection: null,
  layout: null,
  fit: null,
  scrollFit: null,
  maxWidth: null,
  background: null,
};

function stored(row: SeriesReaderSettings): StoredReaderSettings {
  return {
    readingDirection: row.readingDirection ?? null,
    layout: row.layout ?? null,
    fit: row.fit ?? null,
    scrollFit: row.scrollFit ?? null,
    maxWidth: row.maxWidth ?? null,
    background: row.background ?? null,
  };
}

/** series_reader_settings: every query is keyed by the user, so one reader never reads or writes another's. */
export class ReaderSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  async get(userId: string, seriesId: string): Promise<StoredReaderSettings> {
    const row = await this.em.fork().findOne(SeriesReaderSettings, { user: userId, series: seriesId });
    return row ? stored(row) : { ...NONE };
  }

  /** Applies the given fields (null clears one) to the reader's row, creating it on first use. */
  async update(userId: string, seriesId: string, changes: ReaderSettingsChanges): Promise<StoredReaderSettings> {
    return this.em.fork().transactional(async (em) => {
      const row = await em.findOne(SeriesReaderSettings, { user: userId, series: seriesId });
      const next = { ...(row ? stored(row) : NONE) };
      // A field left out keeps its value: only those given (null included) change.
      for (const key of Object.keys(next) as (keyof StoredReaderSettings)[]) {
        if (changes[key] !== undefined) Object.assign(next, { [key]: changes[key] });
      }
      if (row) {
        em.assign(row, { ...next, updatedAt: new Date() });
        return next;
      }
      // Two first writes at once (two tabs) end in one row; on that conflict only the fields this write gives are
      // merged, so the other write's fields stay (a PUT keeps what it leaves out, even then).
      const given = (Object.keys(NONE) as (keyof StoredReaderSettings)[]).filter((key) => changes[key] !== undefined);
      await em.upsert(
        SeriesReaderSettings,
        { id: randomUUID(), user: userId, series: seriesId, ...next, updatedAt: new Date() },
        { onConflictFields: ['user', 'series'], onConflictMergeFields: [...given, 'updatedAt'] },
      );
      const saved = await em.findOne(SeriesReaderSettings, { user: userId, series: seriesId }, { refresh: true });
      return saved ? stored(saved) : next;
    });
  }
}
