import { UnsupportedMediaTypeError, ValidationError } from '../domain/errors.js';
import { BookFileError } from '../indexer/formats/errors.js';
import { formatOfContent } from '../indexer/formats/content-format.js';
import type { BookFormat } from '../indexer/formats/types.js';
import type { ImportService } from './import.service.js';
import type { LibraryService } from './library.service.js';
import type { SeriesService } from './series.service.js';
import { currentViewer } from './viewer-context.js';

/** The formats an admin may upload (issue 37): the scanner also reads CBT, but nobody asked to upload one. */
export const UPLOADABLE_FORMATS = ['cbz', 'cbr', 'cb7', 'pdf', 'epub'] as const;
export type UploadableFormat = (typeof UPLOADABLE_FORMATS)[number];

/** What the upload needs of the import pipeline: one call (ImportService.submit), which takes the staged file over. */
export type UploadImporter = Pick<ImportService, 'submit'>;

export interface BookUploadResult {
  outcome: 'imported' | 'queued';
  format: UploadableFormat;
  importId: string;
  /** The series the file was imported into; null while it waits in the queue. */
  seriesId: string | null;
}

/** Longest file name stem kept from the client's name: the import names the file by its template anyway. */
const MAX_STEM = 200;

/**
 * Book files uploaded from the admin (issue 37 item 7): the series or library they are meant for is checked, the
 * staged file's format is read from its content, and the file is handed to the import pipeline under a name that
 * says what it is. The staged file stays the uploader's until submit() takes it: a refusal here leaves it to the
 * uploader's clean-up (http/uploads.ts).
 */
export class BookUploadService {
  constructor(
    private readonly series: SeriesService,
    private readonly libraries: LibraryService,
    private readonly importer: UploadImporter,
  ) {}

  async accept(input: {
    staged: string;
    clientName: string;
    seriesId?: string;
    libraryId?: string;
  }): Promise<BookUploadResult> {
    const target = await this.target(input.seriesId, input.libraryId);
    const format = await uploadedFormat(input.staged);
    const userId = currentViewer().userId;
    const entry = await this.importer.submit({
      path: input.staged,
      originalName: `${stemOf(input.clientName)}.${format}`,
      source: 'upload',
      ...target,
      ...(userId !== null ? { userId } : {}),
    });
    const imported = entry.status === 'imported';
    return {
      outcome: imported ? 'imported' : 'queued',
      format,
      importId: entry.id,
      seriesId: imported ? (entry.series?.id ?? null) : null,
    };
  }

  /** The series (and its library) or the library the upload is for; 404 when unknown, 400 when they disagree. */
  private async target(
    seriesId: string | undefined,
    libraryId: string | undefined,
  ): Promise<{ seriesId?: string; libraryId?: string }> {
    if (seriesId !== undefined) {
      const series = await this.series.metadata({ id: seriesId });
      const ofSeries = series.library.id;
      if (libraryId !== undefined && libraryId !== ofSeries) {
        throw new ValidationError(`Series ${seriesId} is not a series of library ${libraryId}.`, [
          { path: 'library_id', message: 'Not the library of the series.', code: 'notInLibrary' },
        ]);
      }
      return { seriesId, libraryId: ofSeries };
    }
    if (libraryId !== undefined) {
      await this.libraries.get(libraryId);
      return { libraryId };
    }
    return {};
  }
}

/** The staged file's format, from its content; 415 for anything but the five uploadable formats. */
async function uploadedFormat(staged: string): Promise<UploadableFormat> {
  let format: BookFormat;
  try {
    format = await formatOfContent(staged);
  } catch (error) {
    if (error instanceof BookFileError) {
      throw new UnsupportedMediaTypeError(`The file is not a CBZ, CBR, CB7, PDF or EPUB book: ${error.message}.`);
    }
    throw error;
  }
  if (!(UPLOADABLE_FORMATS as readonly string[]).includes(format)) {
    throw new UnsupportedMediaTypeError(
      `The file is a ${format.toUpperCase()}; uploads take CBZ, CBR, CB7, PDF or EPUB.`,
    );
  }
  return format as UploadableFormat;
}

/**
 * The client's file name without folders, control characters or extension: a hint for the match (series, number),
 * never a path, never hidden. An empty or dot-only name becomes `upload`.
 */
export function stemOf(clientName: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const dot = clean.lastIndexOf('.');
  const stem = [...(dot > 0 ? clean.slice(0, dot) : clean)].slice(0, MAX_STEM).join('').trim();
  // No leading dot: a hidden name is one the scanner skips.
  return stem.replace(/^\.+/, '').trim() || 'upload';
}
