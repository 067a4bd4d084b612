import { readingDirectionOrNull } from '../domain/reading-direction.js';
import type { SeriesRecord } from '@shelfmark/plugin-sdk';
import { NO_PROVIDER } from '../entities/library.entity.js';
import type { LinkStatus, MetadataLink } from '../entities/metadata-link.entity.js';
import type { Series } from '../entities/series.entity.js';
import { NotFoundError, ProviderFailureError, ValidationError } from '../domain/errors.js';
import { confidence } from '../domain/matching.js';
import type { PluginRunner } from '../plugins/plugin-runner.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { LibraryService } from './library.service.js';
import type { FieldPreview, MetadataSyncService, ProviderSnapshot, SyncReport } from './metadata-sync.service.js';

export interface Candidate extends SeriesRecord {
  provider: string;
  confidence: number;
}

export interface MatchInput {
  libraryId: string;
  seriesName: string;
  provider: string;
  externalId: string;
  confidence?: number;
  title?: string;
  candidate?: Partial<SeriesRecord>;
}

export interface MissingVolumes {
  linkId: string;
  expected: number;
  owned: number;
  missing: number;
  volumes: { externalBookId: string | null; volumeNumber: number | null; title: string | null }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** A candidate as stored on a link (or sent back by a client) read as a SeriesRecord; null when unusable. */
export function recordFrom(
  value: Partial<SeriesRecord> | Record<string, unknown>,
  externalId: string,
): SeriesRecord | null {
  const source = value as Record<string, unknown>;
  const title = text(source.title);
  if (title === null) return null;
  return {
    externalId,
    title,
    alternativeTitles: strings(source.alternativeTitles),
    authors: strings(source.authors),
    description: text(source.description),
    publishers: strings(source.publishers),
    startYear: integer(source.startYear),
    totalVolumes: integer(source.totalVolumes),
    totalChapters: integer(source.totalChapters),
    rawStatus: text(source.rawStatus),
    genres: strings(source.genres),
    language: text(source.language),
    coverUrl: text(source.coverUrl),
    externalUrl: text(source.externalUrl),
    readingDirection: readingDirectionOrNull(text(source.readingDirection)),
  };
}

/** The seven metadata operations: search, match, approve, reject, list, delete, missing volumes. */
export class MetadataService {
  constructor(
    private readonly metadata: MetadataRepository,
    private readonly libraries: LibraryService,
    private readonly runner: PluginRunner,
    private readonly sync: MetadataSyncService,
    private readonly seriesRepository: SeriesRepository,
  ) {}

  async series(libraryId: string, name: string): Promise<Series> {
    await this.libraries.require(libraryId);
    const series = await this.metadata.findSeries(libraryId, name);
    if (!series) throw new NotFoundError(`Series "${name}" in library`, libraryId);
    return series;
  }

  /** Candidates from the provider, scored by the core and sorted best first (ties keep the provider's order). */
  async search(libraryId: string, seriesName: string, provider?: string, signal?: AbortSignal): Promise<Candidate[]> {
    const library = await this.libraries.require(libraryId);
    const series = await this.series(libraryId, seriesName);
    const providerId = provider ?? library.metadataProvider;
    if (providerId === NO_PROVIDER) {
      throw new ValidationError('This library has no metadata provider; name one in `provider`.', [
        {
          path: '/body/provider',
          message: 'required when the library has no metadata provider',
          code: 'noMetadataProvider',
        },
      ]);
    }
    return this.searchWith(providerId, series, signal);
  }

  async searchWith(providerId: string, series: Series, signal?: AbortSignal): Promise<Candidate[]> {
    const records = await this.runner.metadata(
      providerId,
      (plugin, context) =>
        plugin.searchSeries(
          { name: series.name, language: context.language, localVolumeCount: series.ownedCount },
          context,
        ),
      signal,
    );
    const facts = {
      name: series.name,
      totalVolumes: series.totalVolumes ?? null,
      highestVolume: await this.metadata.highestVolume(series.id),
    };
    return records
      .map((record) => ({ ...record, provider: providerId, confidence: confidence(facts, record) }))
      .map((candidate, index) => ({ candidate, index }))
      .sort((a, b) => b.candidate.confidence - a.candidate.confidence || a.index - b.index)
      .map(({ candidate }) => candidate);
  }

  /** Creates or replaces the series' link to this provider record, pending approval. */
  async match(input: MatchInput, signal?: AbortSignal): Promise<MetadataLink> {
    const series = await this.series(input.libraryId, input.seriesName);
    this.runner.requireMetadataProvider(input.provider);
    let record = input.candidate ? recordFrom(input.candidate, input.externalId) : null;
    if (
      input.candidate &&
      input.candidate.externalId !== undefined &&
      input.candidate.externalId !== input.externalId
    ) {
      throw new ValidationError('candidate.external_id differs from external_id.', [
        { path: '/body/candidate/external_id', message: 'must equal external_id', code: 'const' },
      ]);
    }
    record ??= await this.fetchRecord(input.provider, input.externalId, signal);
    return this.metadata.upsertLink(series.id, {
      provider: input.provider,
      externalId: input.externalId,
      externalUrl: record.externalUrl,
      title: (input.title ?? record.title).slice(0, 1024),
      confidence: input.confidence ?? null,
      candidate: { ...record },
      totalVolumesExternal: record.totalVolumes,
    });
  }

  /** Links the series to the candidate and approves it at once (the batch's auto-match); returns the link id. */
  async applyCandidate(series: Series, candidate: Candidate, signal?: AbortSignal): Promise<string> {
    const { provider, confidence: score, ...record } = candidate;
    const link = await this.metadata.upsertLink(series.id, {
      provider,
      externalId: record.externalId,
      externalUrl: record.externalUrl,
      title: record.title.slice(0, 1024),
      confidence: score,
      candidate: { ...record },
      totalVolumesExternal: record.totalVolumes,
    });
    const snapshot = await this.snapshot(link, signal, false);
    await this.sync.apply(link, snapshot, { approve: true });
    return link.id;
  }

  async approve(linkId: string, signal?: AbortSignal): Promise<{ link: MetadataLink; report: SyncReport }> {
    const link = await this.requireLink(linkId);
    const snapshot = await this.snapshot(link, signal, false);
    const report = await this.sync.apply(link, snapshot, { approve: true });
    return { link: await this.requireLink(linkId), report };
  }

  /**
   * What the provider says now (refresh) or what the admin saw (approve: the stored candidate, when there is one).
   * Fetched before anything is written.
   */
  async snapshot(link: MetadataLink, signal: AbortSignal | undefined, fresh: boolean): Promise<ProviderSnapshot> {
    const entry = this.runner.requireMetadataProvider(link.provider);
    const stored = fresh ? null : recordFrom(link.candidate, link.externalId);
    const record = stored ?? (await this.fetchRecord(link.provider, link.externalId, signal));
    const volumes = entry.plugin.capabilities.hasVolumes
      ? await this.runner.metadata(
          link.provider,
          (plugin, context) => plugin.getVolumes(link.externalId, context),
          signal,
        )
      : null;
    if (fresh) await this.metadata.updateLink(link, { candidate: { ...record } });
    return { providerName: entry.plugin.manifest.displayName, record, volumes };
  }

  /** What approving the link would change: the record approval applies (stored, else the provider's), no write. */
  async preview(linkId: string, signal?: AbortSignal): Promise<FieldPreview[]> {
    const link = await this.requireLink(linkId);
    const record =
      recordFrom(link.candidate, link.externalId) ?? (await this.fetchRecord(link.provider, link.externalId, signal));
    return this.sync.preview(link, record);
  }

  /** The links of a library's series, of one status when given (the review queue: `pending`). */
  /** `GET /metadata/links`: a series' links (by name) or, without a name, a library's; of one status when asked. */
  async links(query: {
    libraryId: string;
    seriesName?: string;
    status?: LinkStatus;
    limit: number;
  }): Promise<MetadataLink[]> {
    if (query.seriesName === undefined) return this.linksOfLibrary(query.libraryId, query.status, query.limit);
    const series = await this.series(query.libraryId, query.seriesName);
    const links = await this.metadata.linksOfSeries(series.id);
    return query.status ? links.filter((link) => link.status === query.status) : links;
  }

  async linksOfLibrary(libraryId: string, status: LinkStatus | undefined, limit: number): Promise<MetadataLink[]> {
    await this.libraries.require(libraryId);
    return this.metadata.linksOfLibrary(libraryId, status, limit);
  }

  async reject(linkId: string): Promise<MetadataLink> {
    const link = await this.requireLink(linkId);
    await this.metadata.setStatus(link, 'rejected');
    return this.requireLink(linkId);
  }

  async delete(linkId: string): Promise<void> {
    const link = await this.requireLink(linkId);
    const seriesId = link.series.id;
    await this.metadata.deleteLink(link);
    // Its provider volumes no longer count towards the series' expected volumes.
    await this.seriesRepository.refreshCounts([seriesId]);
  }

  async missing(linkId: string): Promise<MissingVolumes> {
    const link = await this.requireLink(linkId);
    const series = (await this.metadata.findSeriesById(link.series.id))!;
    const volumes = await this.metadata.volumes(link.id);
    const expected = series.totalVolumes ?? volumes.length;
    const missing = volumes
      .filter((volume) => volume.book === null || volume.book === undefined)
      .map((volume) => ({
        externalBookId: volume.externalBookId ?? null,
        volumeNumber:
          volume.volumeNumber === null || volume.volumeNumber === undefined ? null : Number(volume.volumeNumber),
        title: volume.title ?? null,
      }))
      .sort((a, b) => (a.volumeNumber ?? Infinity) - (b.volumeNumber ?? Infinity));
    return {
      linkId,
      expected,
      owned: series.ownedCount,
      missing: Math.max(0, expected - series.ownedCount),
      volumes: missing,
    };
  }

  async requireLink(id: string): Promise<MetadataLink> {
    const link = await this.metadata.findLink(id);
    if (!link) throw new NotFoundError('Metadata link', id);
    return link;
  }

  private async fetchRecord(providerId: string, externalId: string, signal?: AbortSignal): Promise<SeriesRecord> {
    try {
      return await this.runner.metadata(providerId, (plugin, context) => plugin.getSeries(externalId, context), signal);
    } catch (error) {
      if (error instanceof ProviderFailureError && error.failure === 'not_found') {
        throw new NotFoundError(`Record ${externalId} of provider`, providerId);
      }
      throw error;
    }
  }
}
