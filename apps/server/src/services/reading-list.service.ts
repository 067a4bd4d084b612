import { readFile } from 'node:fs/promises';
import {
  cblSeriesKey,
  matchCblEntries,
  placeMatched,
  type CblEntry,
  type CblMatchStatus,
} from '../domain/cbl-matching.js';
import { ForbiddenError, NoReaderError, NotFoundError, ValidationError } from '../domain/errors.js';
import { parseCbl, writeCbl } from '../indexer/formats/cbl.js';
import type { BookEntry, BookRepository, BookSummary } from '../repositories/book.repository.js';
import type { ListCache } from '../repositories/list-cache.js';
import type { ReadingListImportRepository, StoredCblEntry } from '../repositories/reading-list-import.repository.js';
import type {
  ReadingListFields,
  ReadingListRepository,
  ReadingListRow,
} from '../repositories/reading-list.repository.js';
import { currentViewer } from './viewer-context.js';

/** A reading list as the viewer sees it: its books of their libraries, and its first one for the cover. */
export interface ReadingListView extends ReadingListRow {
  mine: boolean;
  cover: BookSummary | null;
}

export interface ReadingListDetails extends ReadingListView {
  bookIds: string[];
  /** The first of its books the viewer has not read: "Continue". */
  continueBookId: string | null;
}

/** An entry of a list's import report as its owner sees it now (books they may no longer see are left out). */
export interface CblReportEntry {
  position: number;
  entry: CblEntry;
  status: CblMatchStatus;
  bookId: string | null;
  candidates: BookEntry[];
}

export interface ReadingListInput extends ReadingListFields {
  bookIds?: readonly string[];
}

/**
 * Reading lists: each user keeps their own, private until an admin shares one with everyone. Who sees a list is
 * decided with the library access (repositories/library-access.ts); who may change one is decided here: its owner,
 * and for deleting a shared list, an admin.
 */
export class ReadingListService {
  constructor(
    private readonly lists: ReadingListRepository,
    private readonly books: BookRepository,
    private readonly imports: ReadingListImportRepository,
    private readonly cache: ListCache,
  ) {}

  // The lists, a list and a list's books are cached whole per viewer and catalog version (ADR 7, ADR 19): every table
  // they are read from (lists, their books and reports, books, files, progress, series) bumps the version, so a hit
  // is as fresh as the queries, whose counts over every list's books would otherwise run per request.

  async page(page: number, limit: number): Promise<{ items: ReadingListView[]; total: number }> {
    return this.cache.remember(JSON.stringify(['reading-lists', page, limit]), async () => {
      const { items, total } = await this.lists.page((page - 1) * limit, limit);
      return { items: await this.views(items), total };
    });
  }

  async get(id: string): Promise<ReadingListDetails> {
    const { items } = await this.cache.remember(
      JSON.stringify(['reading-list', id]),
      async () => {
        const row = await this.visible(id);
        const [view] = await this.views([row]);
        const entries = await this.lists.entries(id);
        const details: ReadingListDetails = {
          ...view!,
          bookIds: entries.map((entry) => entry.bookId),
          continueBookId: entries.find((entry) => !entry.read)?.bookId ?? null,
        };
        return { items: [details] };
      },
      { weight: ({ items: [details] }) => details!.bookIds.length + 1 },
    );
    return items[0]!;
  }

  async booksPage(id: string, page: number, limit: number): Promise<{ items: BookSummary[]; total: number }> {
    return this.cache.remember(JSON.stringify(['reading-list-books', id, page, limit]), async () => {
      // Many lists' pages are asked in turn (more than the cache holds): a miss reads no more than the page needs.
      const total = await this.lists.visibleBookCount(id);
      if (total === null) throw new NotFoundError('Reading list', id);
      const ids = await this.lists.bookIds(id, (page - 1) * limit, limit);
      return { items: await this.books.summaries(ids), total };
    });
  }

  /** The same page as catalog entries (OPDS): the list's order, the caller's progress. */
  async entriesPage(id: string, page: number, limit: number): Promise<{ list: ReadingListRow; items: BookEntry[] }> {
    const list = await this.visible(id);
    const entries = await this.lists.entries(id, (page - 1) * limit, limit);
    return { list, items: await this.books.entryRows(entries.map((entry) => entry.bookId)) };
  }

  async create(input: ReadingListInput & { name: string }): Promise<ReadingListDetails> {
    const { userId } = currentViewer();
    if (userId === null) throw new NoReaderError();
    const bookIds = await this.checkedBooks(input.bookIds ?? []);
    const id = await this.lists.create(userId, { name: input.name.trim(), summary: input.summary ?? null }, bookIds);
    return this.get(id);
  }

  /**
   * A ComicRack `.cbl` (the staged upload's path) made a list of the caller's: each entry matched to a book they may
   * see (domain/cbl-matching), the matched ones in the file's order (a book named twice, once). A file that is not a
   * reading list is a 400 and creates nothing. The report (matched, ambiguous, missing) is kept with the list.
   */
  async importCbl(file: string): Promise<{ list: ReadingListDetails; report: CblReportEntry[] }> {
    const { userId } = currentViewer();
    if (userId === null) throw new NoReaderError();
    const parsed = parseCbl(await readFile(file));
    const candidates = await this.lists.cblCandidates(
      new Set(parsed.entries.map((entry) => cblSeriesKey(entry.series))),
    );
    const matches = matchCblEntries(parsed.entries, candidates);
    const bookIds = [...new Set(matches.flatMap((match) => (match.bookId === null ? [] : [match.bookId])))];
    const stored = matches.map((match, position): StoredCblEntry => ({
      position,
      entry: match.entry,
      bookId: match.bookId,
      candidateIds: match.candidateIds,
    }));
    const id = await this.lists.create(
      userId,
      { name: parsed.name.trim() || 'Imported reading list', summary: null },
      bookIds,
      (em, listId) => this.imports.save(em, listId, stored),
    );
    // Every book named by the matching is one the caller may see (cblCandidates): the report needs no second look.
    const named = new Set(candidates.map((candidate) => candidate.bookId));
    return { list: await this.get(id), report: await this.reportView(stored, named) };
  }

  /** The import report of the caller's own list (another's shared list: 403; no report: 404). */
  async importReport(id: string): Promise<CblReportEntry[]> {
    return this.reportView(await this.ownReport(id));
  }

  /**
   * "Match again": the entries not matched (missing, ambiguous) matched anew against what the owner may see now, as
   * the import does; the books newly matched join the list where the file places them (domain `placeMatched`).
   */
  async matchAgain(id: string): Promise<CblReportEntry[]> {
    const stored = await this.ownReport(id);
    // A matched book of a library the owner may no longer see stays matched: a revoked library hides, never changes.
    const pending = stored.filter((s) => s.bookId === null);
    if (pending.length === 0) return this.reportView(stored);
    const candidates = await this.lists.cblCandidates(new Set(pending.map((s) => cblSeriesKey(s.entry.series))));
    const matches = matchCblEntries(
      pending.map((s) => s.entry),
      candidates,
    );
    const changed: StoredCblEntry[] = [];
    const newlyMatched = new Set<number>();
    pending.forEach((before, i) => {
      const match = matches[i]!;
      const after = { ...before, bookId: match.bookId, candidateIds: match.candidateIds };
      if (after.bookId === before.bookId && sameIds(after.candidateIds, before.candidateIds)) return;
      changed.push(after);
      if (after.bookId !== null) newlyMatched.add(after.position);
    });
    return this.applyReport(id, stored, changed, newlyMatched);
  }

  /** Settles an ambiguous entry with one of its candidates (400 for any other book, or an entry not ambiguous). */
  async chooseCandidate(id: string, position: number, bookId: string): Promise<CblReportEntry[]> {
    const stored = await this.ownReport(id);
    const entry = stored.find((s) => s.position === position);
    if (!entry) throw new NotFoundError('Import report entry', String(position));
    const [view] = await this.reportView([entry]);
    if (view!.status !== 'ambiguous' || !view!.candidates.some((book) => book.id === bookId))
      throw new ValidationError('The book is not one of the entry’s candidates.', [
        { path: '/body/book_id', message: 'not a candidate of this entry', code: 'notCandidate' },
      ]);
    const chosen = { ...entry, bookId, candidateIds: [] };
    return this.applyReport(id, stored, [chosen], new Set([position]));
  }

  private async applyReport(
    id: string,
    stored: StoredCblEntry[],
    changed: StoredCblEntry[],
    newlyMatched: Set<number>,
  ): Promise<CblReportEntry[]> {
    const byPosition = new Map(changed.map((s) => [s.position, s]));
    const next = stored.map((s) => byPosition.get(s.position) ?? s);
    if (changed.length > 0) {
      const order = placeMatched(await this.imports.listBooks(id), next, newlyMatched);
      await this.imports.update(id, changed, order);
    }
    return this.reportView(next);
  }

  private async ownReport(id: string): Promise<StoredCblEntry[]> {
    const row = await this.visible(id);
    if (row.ownerId !== currentViewer().userId)
      throw new ForbiddenError('Only its owner reads and completes a reading list’s import report.');
    const stored = await this.imports.entries(id);
    if (stored.length === 0) throw new NotFoundError('Import report of reading list', id);
    return stored;
  }

  /**
   * The stored entries as the viewer sees them now: a matched book deleted since, or of a library no longer theirs,
   * reads missing; an ambiguous entry shows the candidates they may still see. `knownVisible`: books just read as
   * visible to the viewer in this request, not looked up again.
   */
  private async reportView(
    stored: readonly StoredCblEntry[],
    knownVisible?: ReadonlySet<string>,
  ): Promise<CblReportEntry[]> {
    const named = [...new Set(stored.flatMap((s) => [...(s.bookId === null ? [] : [s.bookId]), ...s.candidateIds]))];
    const visible = knownVisible ?? (await this.lists.existingBooks(named));
    const candidateIds = [
      ...new Set(stored.flatMap((s) => (s.bookId === null ? s.candidateIds.filter((c) => visible.has(c)) : []))),
    ];
    const rows = new Map((await this.books.entryRows(candidateIds)).map((book) => [book.id, book]));
    return stored.map((s): CblReportEntry => {
      const bookId = s.bookId !== null && visible.has(s.bookId) ? s.bookId : null;
      const candidates = bookId === null ? s.candidateIds.flatMap((c) => rows.get(c) ?? []) : [];
      const status: CblMatchStatus = bookId !== null ? 'matched' : candidates.length > 0 ? 'ambiguous' : 'missing';
      return { position: s.position, entry: s.entry, status, bookId, candidates };
    });
  }

  /** The list as a ComicRack `.cbl`: its books the caller may see, in order, named as the import matches them. */
  async exportCbl(id: string): Promise<{ name: string; cbl: string }> {
    const row = await this.visible(id);
    const entries = await this.lists.entries(id);
    const books = await this.books.entryRows(entries.map((entry) => entry.bookId));
    const number = (book: BookEntry) => book.volume ?? book.chapter;
    const cbl = writeCbl({
      name: row.name,
      entries: books.map((book) => ({
        series: book.seriesName ?? book.title,
        number: number(book) === null ? null : String(number(book)),
        volume: null,
        year: book.publishDate?.slice(0, 4) ?? null,
      })),
    });
    return { name: row.name, cbl };
  }

  async update(id: string, input: ReadingListInput): Promise<ReadingListDetails> {
    const row = await this.visible(id);
    if (row.ownerId !== currentViewer().userId) throw new ForbiddenError('Only its owner may edit a reading list.');
    const bookIds = input.bookIds === undefined ? undefined : await this.checkedBooks(input.bookIds);
    const { bookIds: _given, ...fields } = input;
    if (fields.name !== undefined) fields.name = fields.name.trim();
    await this.lists.update(id, fields, bookIds);
    return this.get(id);
  }

  /** Admins only (the operation's scope): shares a list they can see with everyone, or makes it private again. */
  async share(id: string, shared: boolean): Promise<ReadingListDetails> {
    await this.visible(id);
    await this.lists.update(id, { shared });
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    const row = await this.visible(id);
    const viewer = currentViewer();
    const mayDelete = row.ownerId === viewer.userId || (row.shared && viewer.role === 'admin');
    if (!mayDelete)
      throw new ForbiddenError('Only its owner, or an admin for a shared list, may delete a reading list.');
    await this.lists.delete(id);
  }

  private async visible(id: string): Promise<ReadingListRow> {
    const row = await this.lists.visible(id);
    if (!row) throw new NotFoundError('Reading list', id);
    return row;
  }

  /** Every book named must be one the caller may see: an unknown one is a 404 and nothing changes. */
  private async checkedBooks(ids: readonly string[]): Promise<readonly string[]> {
    const existing = await this.lists.existingBooks(ids);
    const unknown = ids.find((id) => !existing.has(id));
    if (unknown !== undefined) throw new NotFoundError('Book', unknown);
    return ids;
  }

  private async views(rows: ReadingListRow[]): Promise<ReadingListView[]> {
    const { userId } = currentViewer();
    const firsts = rows.flatMap((row) => (row.firstBookId === null ? [] : [row.firstBookId]));
    const covers = new Map((await this.books.summaries(firsts)).map((book) => [book.id, book]));
    return rows.map((row) => ({
      ...row,
      mine: row.ownerId === userId,
      cover: covers.get(row.firstBookId ?? '') ?? null,
    }));
  }
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
