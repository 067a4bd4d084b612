import { createHash } from 'node:crypto';
import type { BookFormat } from '../entities/book.entity.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';

/**
 * KOReader sync (kosync) as KOReader's `kosync.koplugin` speaks it and the reference `koreader-sync-server` answers
 * it: what a push must hold, how a push becomes a reader's progress of a book, and what a pull answers. No I/O.
 */

/** The reference server's error codes (config/errors.lua): the client shows `message` and checks nothing else. */
export const KOSYNC_ERRORS = {
  unauthorized: { status: 401, code: 2001, message: 'Unauthorized' },
  invalidFields: { status: 403, code: 2003, message: 'Invalid request' },
  documentMissing: { status: 403, code: 2004, message: "Field 'document' not provided." },
  registrationDisabled: {
    status: 402,
    code: 2005,
    message:
      'Shelfmark has no KOReader accounts to register: create an API token in Shelfmark (Tokens) and log in with the token as the username (any password).',
  },
} as const;
export type KosyncError = keyof typeof KOSYNC_ERRORS;

/** The device name our own progress is answered under, so KOReader's prompt says where the place comes from. */
export const SHELFMARK_DEVICE = 'Shelfmark';
/** Stable across servers and restarts, and shaped like KOReader's own device ids (32 upper-case hex digits). */
export const SHELFMARK_DEVICE_ID = createHash('md5').update('Shelfmark reading progress').digest('hex').toUpperCase();

const PAGE_BASED: ReadonlySet<BookFormat> = new Set(['cbz', 'cbr', 'cb7', 'cbt', 'pdf']);
export const isPageBased = (format: BookFormat) => PAGE_BASED.has(format);

/** Longest document id kept: KOReader's are 32 hex digits; the column leaves room for other clients' digests. */
const MAX_DOCUMENT = 64;
/** An EPUB xpointer is a few hundred characters at most; this only keeps a client from filling the database. */
const MAX_PROGRESS = 8192;
const MAX_DEVICE = 255;

export interface KosyncPush {
  document: string;
  /** As sent, a number turned into its string (older clients send the page as a number). */
  progress: string;
  percentage: number;
  device: string;
  deviceId: string | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: KosyncError };

/**
 * A document id the way the reference server checks it (a non-empty string without ':'), and kept to what its
 * read route can serve back ([A-Za-z0-9_]): a push that could never be pulled is refused rather than stored.
 */
export function parseDocument(value: unknown): Parsed<string> {
  if (typeof value !== 'string' || value.length === 0 || value.includes(':')) return fail('documentMissing');
  if (value.length > MAX_DOCUMENT || !/^[A-Za-z0-9_]+$/.test(value)) return fail('invalidFields');
  return { ok: true, value };
}

/** PUT /syncs/progress's body: 2004 without a usable document, 2003 when progress, percentage or device is wrong. */
export function parsePush(body: unknown): Parsed<KosyncPush> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail('documentMissing');
  const fields = body as Record<string, unknown>;
  const document = parseDocument(fields.document);
  if (!document.ok) return document;
  const progress =
    typeof fields.progress === 'string'
      ? fields.progress
      : typeof fields.progress === 'number' && Number.isFinite(fields.progress)
        ? String(fields.progress)
        : null;
  // The reference takes the percentage through tonumber(): a number or a numeric string.
  const percentage =
    typeof fields.percentage === 'number'
      ? fields.percentage
      : typeof fields.percentage === 'string' && fields.percentage.trim() !== ''
        ? Number(fields.percentage)
        : Number.NaN;
  const { device, device_id: deviceId } = fields;
  if (
    progress === null ||
    progress.length > MAX_PROGRESS ||
    !Number.isFinite(percentage) ||
    typeof device !== 'string' ||
    device.length > MAX_DEVICE ||
    (deviceId !== undefined && deviceId !== null && (typeof deviceId !== 'string' || deviceId.length > MAX_DEVICE))
  ) {
    return fail('invalidFields');
  }
  return {
    ok: true,
    value: { document: document.value, progress, percentage, device, deviceId: deviceId ?? null },
  };
}

export interface BookTarget {
  bookId: string;
  format: BookFormat;
  pageCount: number | null;
}

/** What a push writes as the reader's progress of one book. */
export interface ProgressWrite {
  status: Exclude<ReadingStatus, 'unread'>;
  /** The page (page-based books); null for EPUB. */
  currentPage: number | null;
  /** KOReader's xpointer for EPUB, verbatim; null for page-based books. */
  position: string | null;
  /** 0..1 */
  percentage: number;
}

export interface PushMapping {
  write: ProgressWrite;
  /** Set when the page sent and the percentage disagree by more than a page: the percentage was trusted. */
  disagreement?: { pageSent: number | null; pageFromPercentage: number };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * A push as the reader's progress of a book. Page-based books: the page is KOReader's page number, but MuPDF may
 * order pages differently from us (and count them differently), so when it disagrees with the percentage by more
 * than one page the percentage decides; the last page marks the book read. EPUB: the xpointer is kept verbatim with
 * its percentage, and 100 % marks it read. Null when nothing can be told (a page-based book of unknown length and
 * no page number).
 */
export function progressFromPush(push: KosyncPush, book: BookTarget): PushMapping | null {
  const percentage = clamp(push.percentage, 0, 1);
  if (!isPageBased(book.format)) {
    return {
      write: {
        status: percentage >= 1 ? 'read' : 'reading',
        currentPage: null,
        position: push.progress,
        percentage,
      },
    };
  }
  const pageSent = /^\s*\d+\s*$/.test(push.progress) ? Number(push.progress) : null;
  if (book.pageCount === null || book.pageCount < 1) {
    if (pageSent === null || pageSent < 1) return null;
    return { write: { status: 'reading', currentPage: pageSent, position: null, percentage } };
  }
  const pageCount = book.pageCount;
  const pageFromPercentage = clamp(Math.round(percentage * pageCount), 1, pageCount);
  const trusted = pageSent !== null && pageSent >= 1 && Math.abs(pageSent - pageFromPercentage) <= 1;
  const page = trusted ? Math.min(pageSent, pageCount) : pageFromPercentage;
  const mapping: PushMapping = {
    write: {
      status: page >= pageCount ? 'read' : 'reading',
      currentPage: page,
      position: null,
      percentage: page >= pageCount ? 1 : percentage,
    },
  };
  if (!trusted) mapping.disagreement = { pageSent, pageFromPercentage };
  return mapping;
}

/** A reader's KOReader record of a document, as stored. */
export interface KosyncRecord {
  document: string;
  progress: string;
  percentage: number;
  device: string;
  deviceId: string | null;
  pushedAt: Date;
}

/** The reader's own progress of a book holding the document (written by any client). */
export interface OwnProgress {
  book: BookTarget;
  status: ReadingStatus;
  currentPage: number | null;
  deviceId: string | null;
  updatedAt: Date;
}

export type PullAnswer =
  | Record<string, never>
  | {
      document: string;
      percentage: number;
      progress: string;
      device: string;
      device_id?: string;
      timestamp: number;
    };

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * GET /syncs/progress/{document}. When the reader's own progress of a page-based book is newer than KOReader's
 * record and did not come from KOReader (read in the admin or another app), it is answered as device "Shelfmark",
 * so KOReader offers to jump there. Otherwise KOReader's record as stored (its device and device_id intact, which
 * the client's "latest progress is from this device" check relies on), or {} when nothing is known. An EPUB read
 * in the browser has no xpointer to give, so it never answers for an EPUB.
 */
export function pullAnswer(document: string, record: KosyncRecord | null, own: readonly OwnProgress[]): PullAnswer {
  let newest: { page: number; pageCount: number | null; updatedAt: Date } | null = null;
  for (const progress of own) {
    if (!isPageBased(progress.book.format) || progress.status === 'unread') continue;
    if (record && progress.updatedAt.getTime() <= record.pushedAt.getTime()) continue;
    if (record && progress.deviceId !== null && progress.deviceId === record.deviceId) continue;
    const { pageCount } = progress.book;
    const page = progress.status === 'read' && pageCount !== null ? pageCount : progress.currentPage;
    if (page === null || page < 1) continue;
    if (!newest || progress.updatedAt > newest.updatedAt) newest = { page, pageCount, updatedAt: progress.updatedAt };
  }
  if (newest) {
    return {
      document,
      percentage: newest.pageCount ? clamp(newest.page / newest.pageCount, 0, 1) : 0,
      progress: String(newest.page),
      device: SHELFMARK_DEVICE,
      device_id: SHELFMARK_DEVICE_ID,
      timestamp: unixSeconds(newest.updatedAt),
    };
  }
  if (!record) return {};
  return {
    document: record.document,
    percentage: record.percentage,
    progress: record.progress,
    device: record.device,
    ...(record.deviceId === null ? {} : { device_id: record.deviceId }),
    timestamp: unixSeconds(record.pushedAt),
  };
}

function fail(error: KosyncError): { ok: false; error: KosyncError } {
  return { ok: false, error };
}
