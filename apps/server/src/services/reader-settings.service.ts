import {
  DEFAULT_READING_DIRECTION,
  READER_BACKGROUNDS,
  READER_FITS,
  READER_LAYOUTS,
  effectiveDirection,
  oneOfOrNull,
  readingDirectionOrNull,
  type DirectionSource,
  type ReaderBackground,
  type ReaderFit,
  type ReaderLayout,
  type ReadingDirection,
} from '../domain/reading-direction.js';
import { currentViewer } from './viewer-context.js';
import type { ReaderSettingsRepository, StoredReaderSettings } from '../repositories/reader-settings.repository.js';
import type { LibraryService } from './library.service.js';
import { currentReader } from './progress.service.js';
import type { SeriesRef, SeriesService } from './series.service.js';

export interface ReaderSettingsView {
  readingDirection: ReadingDirection;
  directionSource: DirectionSource;
  seriesReadingDirection: ReadingDirection | null;
  layout: ReaderLayout | null;
  fit: ReaderFit | null;
  /** The scrolled modes' own fit (vertical, webtoon): a paged mode's fit never carries into them. */
  scrollFit: ReaderFit | null;
  maxWidth: number | null;
  background: ReaderBackground | null;
}

export interface ReaderSettingsEdit {
  readingDirection?: ReadingDirection | null;
  layout?: ReaderLayout | null;
  fit?: ReaderFit | null;
  scrollFit?: ReaderFit | null;
  maxWidth?: number | null;
  background?: ReaderBackground | null;
}

const NO_CHOICE: StoredReaderSettings = {
  readingDirection: null,
  layout: null,
  fit: null,
  scrollFit: null,
  maxWidth: null,
  background: null,
};

/**
 * How the current viewer reads a series in the comic reader: their own choices (one row per reader and series), over
 * the series' direction, over its library's default. A series the viewer may not see is a 404 (SeriesService).
 */
export class ReaderSettingsService {
  constructor(
    private readonly settings: ReaderSettingsRepository,
    private readonly series: SeriesService,
    private readonly libraries: LibraryService,
  ) {}

  async get(ref: SeriesRef): Promise<ReaderSettingsView> {
    const series = await this.series.metadata(ref);
    const { userId } = currentViewer();
    // A caller that is no user (the bootstrap token before any user exists) reads the series' values only.
    const own = userId === null ? NO_CHOICE : await this.settings.get(userId, series.id);
    return this.view(series.library.id, series.readingDirection ?? null, own);
  }

  async update(ref: SeriesRef, edit: ReaderSettingsEdit): Promise<ReaderSettingsView> {
    const series = await this.series.metadata(ref);
    const own = await this.settings.update(currentReader(), series.id, edit);
    return this.view(series.library.id, series.readingDirection ?? null, own);
  }

  private async view(
    libraryId: string,
    seriesDirection: string | null,
    own: StoredReaderSettings,
  ): Promise<ReaderSettingsView> {
    const library = await this.libraries.require(libraryId);
    const fromSeries = readingDirectionOrNull(seriesDirection);
    const fromLibrary = readingDirectionOrNull(library.defaultReadingDirection) ?? DEFAULT_READING_DIRECTION;
    const { direction, source } = effectiveDirection(
      readingDirectionOrNull(own.readingDirection),
      fromSeries,
      fromLibrary,
    );
    return {
      readingDirection: direction,
      directionSource: source,
      seriesReadingDirection: fromSeries,
      layout: oneOfOrNull(READER_LAYOUTS, own.layout),
      fit: oneOfOrNull(READER_FITS, own.fit),
      scrollFit: oneOfOrNull(READER_FITS, own.scrollFit),
      maxWidth: own.maxWidth,
      background: oneOfOrNull(READER_BACKGROUNDS, own.background),
    };
  }
}
