import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { IndexerData, Release } from '@shelfmark/plugin-sdk';
import type { RankedCandidate } from '../domain/release-candidates.js';
import { ReleaseCandidate } from '../entities/release-candidate.entity.js';
import { ReleaseGrab, type GrabStatus } from '../entities/release-grab.entity.js';
import { ReleaseSearch } from '../entities/release-search.entity.js';
import { toDate } from './sql-values.js';

/** A search of one wanted volume as the job stores it. */
export interface SearchRecord {
  seriesId: string;
  volume: number;
  query: string;
  categories: number[];
  provider: string;
  searchedAt: Date;
  failureCode: string | null;
  jobId: string | null;
  candidates: RankedCandidate[];
}

/** A stored candidate with its search, as a grab and the candidates list read it. */
export interface StoredCandidate {
  id: string;
  seriesId: string;
  seriesName: string;
  volume: number;
  rank: number;
  release: Omit<Release, 'downloadUrl' | 'indexerData'>;
  volumes: number[];
  exact: boolean;
  indexerData: IndexerData;
  query: string;
  categories: number[];
  provider: string;
  searchedAt: Date;
}

export interface GrabInput {
  seriesId: string;
  seriesName: string;
  volume: number;
  title: string;
  sizeBytes: number | null;
  protocol: string;
  indexer: string | null;
  provider: string;
  status: GrabStatus;
  failureCode: string | null;
  failureMessage: string | null;
  userId: string | null;
}

export interface GrabRow {
  id: string;
  seriesId: string | null;
  seriesName: string;
  volume: number;
  title: string;
  sizeBytes: number | null;
  protocol: string;
  indexer: string | null;
  provider: string;
  status: GrabStatus;
  failureCode: string | null;
  failureMessage: string | null;
  grabbedBy: string | null;
  grabbedAt: Date;
}

interface CandidateRow {
  id: string;
  series_id: string;
  series_name: string;
  volume: number | string;
  rank: number | string;
  guid: string;
  title: string;
  size_bytes: number | string | null;
  protocol: string;
  indexer: string | null;
  seeders: number | string | null;
  leechers: number | string | null;
  publish_date: string | null;
  info_url: string | null;
  volumes: string | number[];
  exact: boolean | number;
  indexer_data: string | IndexerData;
  query: string;
  categories: string | number[];
  provider: string;
  searched_at: Date | string | number;
}

const json = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** Release searches of wanted volumes, their best candidates, and the grabs made from them. */
export class ReleaseCandidateRepository {
  constructor(private readonly em: EntityManager) {}

  /** `series\nvolume` of the volumes a job already searched, so a resumed job goes on where it stopped. */
  async searchedBy(jobId: string): Promise<Set<string>> {
    const rows = await this.em.execute<{ series_id: string; volume: number | string }[]>(
      'select series_id, volume from release_searches where job_id = ?',
      [jobId],
    );
    return new Set(rows.map((row) => `${row.series_id}\n${Number(row.volume)}`));
  }

  /** Replaces the volume's previous search and candidates with this one, in one transaction. */
  async saveSearch(record: SearchRecord): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      // Candidates first: not every SQLite connection enforces the foreign key's cascade.
      await em.execute(
        'delete from release_candidates where search_id in (select id from release_searches where series_id = ? and volume = ?)',
        [record.seriesId, record.volume],
      );
      await em.nativeDelete(ReleaseSearch, { series: record.seriesId, volume: record.volume });
      const searchId = randomUUID();
      await em.insert(ReleaseSearch, {
        id: searchId,
        series: record.seriesId,
        volume: record.volume,
        query: record.query,
        categories: record.categories,
        provider: record.provider,
        searchedAt: record.searchedAt,
        failureCode: record.failureCode,
        job: record.jobId,
      });
      if (record.candidates.length === 0) return;
      await em.insertMany(
        ReleaseCandidate,
        record.candidates.map(({ release, volumes, exact, rank }) => ({
          id: randomUUID(),
          search: searchId,
          rank,
          guid: release.guid.slice(0, 2048),
          title: release.title.slice(0, 1024),
          sizeBytes: release.sizeBytes,
          protocol: release.protocol,
          indexer: release.indexer?.slice(0, 256) ?? null,
          seeders: release.seeders,
          leechers: release.leechers,
          publishDate: release.publishDate,
          infoUrl: release.infoUrl !== null && release.infoUrl.length <= 2048 ? release.infoUrl : null,
          volumes,
          exact,
          indexerData: release.indexerData ?? {},
        })),
      );
    });
  }

  /** Stored candidates, best first per volume: of one candidate id, or of the given series (and volume). */
  async candidates(filter: { id?: string; seriesId?: string; volume?: number }): Promise<StoredCandidate[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.id !== undefined) {
      where.push('c.id = ?');
      params.push(filter.id);
    }
    if (filter.seriesId !== undefined) {
      where.push('r.series_id = ?');
      params.push(filter.seriesId);
    }
    if (filter.volume !== undefined) {
      where.push('r.volume = ?');
      params.push(filter.volume);
    }
    const rows = await this.em.execute<CandidateRow[]>(
      `select c.id, r.series_id, s.name as series_name, r.volume, c.rank, c.guid, c.title, c.size_bytes, c.protocol,
              c.indexer, c.seeders, c.leechers, c.publish_date, c.info_url, c.volumes, c.exact, c.indexer_data,
              r.query, r.categories, r.provider, r.searched_at
         from release_candidates c
         join release_searches r on r.id = c.search_id
         join series s on s.id = r.series_id
        ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
        order by s.sort_name, s.id, r.volume, c.rank`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      seriesId: row.series_id,
      seriesName: row.series_name,
      volume: Number(row.volume),
      rank: Number(row.rank),
      release: {
        guid: row.guid,
        title: row.title,
        sizeBytes: nullableNumber(row.size_bytes),
        indexer: row.indexer,
        protocol: row.protocol as Release['protocol'],
        seeders: nullableNumber(row.seeders),
        leechers: nullableNumber(row.leechers),
        publishDate: row.publish_date,
        infoUrl: row.info_url,
        categories: [],
      },
      volumes: json<number[]>(row.volumes),
      exact: Boolean(row.exact),
      indexerData: json<IndexerData>(row.indexer_data),
      query: row.query,
      categories: json<number[]>(row.categories),
      provider: row.provider,
      searchedAt: toDate(row.searched_at),
    }));
  }

  async recordGrab(input: GrabInput): Promise<GrabRow> {
    const em = this.em.fork();
    const grab = em.create(ReleaseGrab, {
      id: randomUUID(),
      series: input.seriesId,
      seriesName: input.seriesName.slice(0, 1024),
      volume: input.volume,
      title: input.title,
      sizeBytes: input.sizeBytes,
      protocol: input.protocol,
      indexer: input.indexer,
      provider: input.provider,
      status: input.status,
      failureCode: input.failureCode,
      failureMessage: input.failureMessage,
      grabbedBy: input.userId,
    });
    await em.flush();
    return grabRow(grab);
  }

  async grabPage(status: GrabStatus | undefined, offset: number, limit: number) {
    const [found, total] = await this.em.fork().findAndCount(ReleaseGrab, status === undefined ? {} : { status }, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      offset,
      limit,
    });
    return { items: found.map(grabRow), total };
  }

  /** Grabs still `grabbed` since before `before` are `expired`: nothing came in within the configured time. */
  async expireGrabs(before: Date): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(ReleaseGrab, { status: 'grabbed', createdAt: { $lt: before } }, { status: 'expired' });
  }
}

function grabRow(grab: ReleaseGrab): GrabRow {
  return {
    id: grab.id,
    seriesId: grab.series?.id ?? null,
    seriesName: grab.seriesName,
    volume: Number(grab.volume),
    title: grab.title,
    sizeBytes: grab.sizeBytes === null || grab.sizeBytes === undefined ? null : Number(grab.sizeBytes),
    protocol: grab.protocol,
    indexer: grab.indexer ?? null,
    provider: grab.provider,
    status: grab.status,
    failureCode: grab.failureCode ?? null,
    failureMessage: grab.failureMessage ?? null,
    grabbedBy: grab.grabbedBy?.id ?? null,
    grabbedAt: grab.createdAt,
  };
}
