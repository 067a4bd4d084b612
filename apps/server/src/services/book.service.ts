import { FACET_NAMES, type FacetName, type Facets } from '../domain/catalog-filters.js';
import type { LockableBookField, VolumeKind } from '../entities/book.entity.js';
import { NotFoundError, ValidationError, type FieldIssue } from '../domain/errors.js';
import { normaliseIsbn } from '../domain/isbn.js';
import { ageOfRating } from '../domain/age-ratings.js';
import { uniqueAuthors, type Author } from '../domain/people.js';
import type { StoryArc } from '../indexer/formats/types.js';
import type {
  BookChanges,
  BookDetails,
  BookEntry,
  BookFilters,
  BookRepository,
  BookSort,
  BookSummary,
} from '../repositories/book.repository.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { ProgressInput, ProgressRecord, ProgressService } from './progress.service.js';

export interface BookEdit {
  title?: string;
  volume?: number | null;
  volumeEnd?: number | null;
  chapter?: number | null;
  chapterEnd?: number | null;
  kind?: VolumeKind;
  authors?: Author[];
  summary?: string | null;
  isbn?: string | null;
  publishDate?: string | null;
  language?: string | null;
  count?: number | null;
  genres?: string[];
  publishers?: string[];
  imprint?: string | null;
  tags?: string[];
  ageRating?: string | null;
  webLinks?: string[];
  storyArcs?: StoryArc[];
  seriesGroup?: string | null;
  characters?: string[];
  teams?: string[];
  locations?: string[];
  comicFormat?: string | null;
  blackAndWhite?: boolean | null;
  lockedFields?: LockableBookField[];
}

/** The edit's fields that are lists of names, by their lock name. */
const NAME_LIST_FIELDS = [
  ['genres', 'genres'],
  ['publishers', 'publishers'],
  ['tags', 'tags'],
  ['webLinks', 'web_links'],
  ['characters', 'characters'],
  ['teams', 'teams'],
  ['locations', 'locations'],
] as const;

/** The edit's single texts (blank is none), by their lock name. */
const TEXT_FIELDS = [
  ['imprint', 'imprint'],
  ['seriesGroup', 'series_group'],
  ['comicFormat', 'comic_format'],
] as const;

/** Lists of names keep their order, lose blanks and repeats (the same author twice is a data-entry slip). */
export function cleanNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 0))];
}

/** Authors trimmed, blanks dropped, each name once per role. */
export function cleanAuthors(authors: readonly Author[]): Author[] {
  return uniqueAuthors(
    authors.map(({ name, role }) => ({ name: name.trim(), role })).filter(({ name }) => name.length > 0),
  );
}

/** A text an admin typed: trimmed, blank meaning none. */
export const cleanText = (value: string | null): string | null => value?.trim() || null;

/** A rating as typed, and its minimum age (domain/age-ratings.ts). */
export function ratingChanges(rating: string | null): { ageRating: string | null; ageRatingAge: number | null } {
  const ageRating = cleanText(rating);
  return { ageRating, ageRatingAge: ageOfRating(ageRating) };
}

const NUMBER_FIELDS = [
  ['volume', 'volume'],
  ['volumeEnd', 'volume_end'],
  ['chapter', 'chapter'],
  ['chapterEnd', 'chapter_end'],
] as const;

function hasNumberEdit(edit: BookEdit): boolean {
  return NUMBER_FIELDS.some(([field]) => edit[field] !== undefined) || edit.kind !== undefined;
}

/**
 * The numbers an edit leaves the book with, checked as a whole: each finite and not negative, and each range
 * ending at or after its start (an end alone is checked against the stored start; an end needs a start).
 */
function editedNumbers(
  current: Pick<BookDetails, 'volume' | 'volumeEnd' | 'chapter' | 'chapterEnd'>,
  edit: BookEdit,
): Pick<BookChanges, 'volume' | 'volumeEnd' | 'chapter' | 'chapterEnd' | 'volumeKind'> {
  const issues: FieldIssue[] = [];
  const result = { ...current };
  for (const [field, name] of NUMBER_FIELDS) {
    const value = edit[field];
    if (value === undefined) continue;
    if (value !== null && !(Number.isFinite(value) && value >= 0))
      issues.push({ path: `/body/${name}`, message: 'must be a finite number, 0 or more', code: 'minimum', limit: 0 });
    result[field] = value;
  }
  for (const [start, end, startName, endName] of [
    ['volume', 'volumeEnd', 'volume', 'volume_end'],
    ['chapter', 'chapterEnd', 'chapter', 'chapter_end'],
  ] as const) {
    const from = result[start];
    const to = result[end];
    if (to === null || (edit[start] === undefined && edit[end] === undefined)) continue;
    if (from === null)
      issues.push({
        path: `/body/${endName}`,
        message: `needs a ${startName}: a range has a start`,
        code: 'rangeStart',
      });
    else if (to < from)
      issues.push({
        path: `/body/${endName}`,
        message: `must be at least the ${startName} (${from})`,
        code: 'minimum',
        limit: from,
      });
  }
  if (issues.length > 0)
    throw new ValidationError(issues.map((issue) => `${issue.path.slice(6)} ${issue.message}`).join('; '), issues);
  const changes: ReturnType<typeof editedNumbers> = {};
  for (const [field] of NUMBER_FIELDS) if (edit[field] !== undefined) changes[field] = edit[field];
  if (edit.kind !== undefined) changes.volumeKind = edit.kind;
  return changes;
}

/** Browsing, editing and reading books. */
export class BookService {
  constructor(
    private readonly books: BookRepository,
    private readonly series: SeriesRepository,
    private readonly progress: ProgressService,
  ) {}

  page(
    filters: BookFilters,
    sort: BookSort,
    page: number,
    limit: number,
  ): Promise<{ items: BookSummary[]; total: number }> {
    return this.books.page(filters, sort, (page - 1) * limit, limit);
  }

  /** The count of each value of each facet asked for (all by default) under the filters (GET /books/facets). */
  facets(filters: BookFilters, names: readonly FacetName[] = FACET_NAMES): Promise<Facets> {
    return this.books.facets(filters, names);
  }

  /** The next book to read of each series in progress, the most recently read series first (GET /books/on-deck). */
  async onDeck(
    libraryId: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: BookSummary[]; total: number }> {
    const { ids, total } = await this.series.onDeck(libraryId, (page - 1) * limit, limit);
    return { items: await this.books.summaries(ids), total };
  }

  /** A page of books with what a catalog entry shows (OPDS), from the same cached list query as `page`. */
  entries(
    filters: BookFilters,
    sort: BookSort,
    page: number,
    limit: number,
  ): Promise<{ items: BookEntry[]; total: number }> {
    return this.books.entries(filters, sort, (page - 1) * limit, limit);
  }

  async get(id: string): Promise<BookDetails> {
    const book = await this.books.details(id);
    if (!book) throw new NotFoundError('Book', id);
    return book;
  }

  async update(id: string, edit: BookEdit): Promise<BookDetails> {
    const changes: BookChanges = {};
    if (hasNumberEdit(edit)) {
      const current = await this.books.details(id);
      if (!current) throw new NotFoundError('Book', id);
      Object.assign(changes, editedNumbers(current, edit));
    }
    if (edit.title !== undefined) {
      const title = edit.title.trim();
      if (title === '')
        throw new ValidationError('title must not be blank', [
          { path: '/body/title', message: 'must not be blank', code: 'blank' },
        ]);
      changes.title = title;
    }
    const written: LockableBookField[] = [];
    if (edit.title !== undefined) written.push('title');
    if (edit.authors !== undefined) {
      changes.authors = cleanAuthors(edit.authors);
      written.push('authors');
    }
    if (edit.summary !== undefined) {
      changes.summary = edit.summary;
      written.push('summary');
    }
    for (const [field, lock] of NAME_LIST_FIELDS) {
      const value = edit[field];
      if (value === undefined) continue;
      changes[field] = cleanNames(value);
      written.push(lock);
    }
    for (const [field, lock] of TEXT_FIELDS) {
      const value = edit[field];
      if (value === undefined) continue;
      changes[field] = cleanText(value);
      written.push(lock);
    }
    if (edit.ageRating !== undefined) {
      Object.assign(changes, ratingChanges(edit.ageRating));
      written.push('age_rating');
    }
    if (edit.count !== undefined) {
      changes.count = edit.count;
      written.push('count');
    }
    if (edit.storyArcs !== undefined) {
      changes.storyArcs = edit.storyArcs
        .map((arc) => ({ name: arc.name.trim(), number: arc.number }))
        .filter((arc) => arc.name !== '');
      written.push('story_arcs');
    }
    if (edit.blackAndWhite !== undefined) {
      changes.blackAndWhite = edit.blackAndWhite;
      written.push('black_and_white');
    }
    if (edit.isbn !== undefined) {
      if (edit.isbn === null) changes.isbn = null;
      else {
        const isbn = normaliseIsbn(edit.isbn);
        if (isbn === null) {
          throw new ValidationError('isbn has a wrong checksum', [
            { path: '/body/isbn', message: 'is not a valid ISBN-10 or ISBN-13 (checksum)', code: 'isbnChecksum' },
          ]);
        }
        changes.isbn = isbn;
      }
    }
    if (edit.isbn !== undefined) written.push('isbn');
    if (edit.publishDate !== undefined) {
      changes.publishDate = edit.publishDate;
      written.push('publish_date');
    }
    if (edit.language !== undefined) {
      changes.language = edit.language;
      written.push('language');
    }
    if (edit.lockedFields !== undefined) changes.lockedFields = [...new Set(edit.lockedFields)];
    if (!(await this.books.update(id, changes, written))) throw new NotFoundError('Book', id);
    const book = await this.get(id);
    if (book.seriesId !== null) {
      // What the series took from its books follows them (a summary typed here may be its description).
      if (written.length > 0) await this.series.fillFromBooks([book.seriesId]);
      // Volume and chapter numbers and the kind feed the series' owned and chapter counts (and a filled total).
      if (hasNumberEdit(edit) || written.length > 0) await this.series.refreshCounts([book.seriesId]);
    }
    return book;
  }

  /** OPDS-PSE page streaming: see ProgressService.pageStreamed. */
  pageStreamed(id: string, page: number, lastPageMarksRead: boolean): Promise<void> {
    return this.progress.pageStreamed(id, page, lastPageMarksRead);
  }

  /** The current viewer's progress in the book (REST, the admin's reader). */
  setProgress(id: string, input: ProgressInput): Promise<ProgressRecord> {
    return this.progress.set(id, input);
  }
}
