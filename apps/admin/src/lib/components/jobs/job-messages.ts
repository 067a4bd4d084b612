import type { Locales, TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { BatchResult, Job, JobDetails, RefreshEntry } from './types.js';

/**
 * Why a job failed, or could not handle a file or series, in the page's language: by the code the server records
 * beside its English words (openapi.yaml `JobErrorCode`, `JobItemErrorCode`) and the values that code's sentence
 * needs. A book's parse error and a batch result's error carry item error codes too, and are said the same way. A
 * row written before codes existed, a code this admin does not know, or values missing keep the server's words.
 * `detail` is what the server's readers or providers said themselves (English, technical), shown apart.
 */
export interface JobMessage {
  text: string;
  detail: string | null;
}

type CodedJob = Pick<Job, 'error' | 'error_code' | 'error_params'>;
/** An item error as its sentence needs it: the server's words, the code and its values. */
type ItemError = Pick<JobDetails['item_errors'][number], 'message' | 'code' | 'params'>;
type Params = Record<string, string | number> | null | undefined;

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/** The value as words, or null when the server did not send it (the caller then falls back to the words). */
function value(params: Params, name: string): string | null {
  const found = params?.[name];
  return typeof found === 'string' || typeof found === 'number' ? String(found) : null;
}

const detailOf = (params: Params): string | null => value(params, 'detail') || null;

/** A problem kind (`not-found`) as its sentence of `problems.kinds`, or null when this admin does not know it. */
function kindText(LL: TranslationFunctions, kind: string | null): string | null {
  const key = kind?.replace(/-/g, '_') ?? '';
  return has(LL.problems.kinds, key) ? LL.problems.kinds[key]() : null;
}

/** How a provider's plugin id is shown: its display name when the page knows it. */
export type ProviderName = (id: string) => string;
const asId: ProviderName = (id) => id;

/** A provider's failure (`provider`, `failure`) as its sentence of `problems.failures`, or null. */
function failureText(LL: TranslationFunctions, params: Params, providerName: ProviderName): string | null {
  const provider = value(params, 'provider');
  const failure = value(params, 'failure') ?? '';
  return provider !== null && has(LL.problems.failures, failure)
    ? LL.problems.failures[failure]({ provider: providerName(provider) })
    : null;
}

function jobText(LL: TranslationFunctions, locale: Locales, job: CodedJob): JobMessage | null {
  const t = LL.jobs.errors.job;
  const params = job.error_params;
  const library = value(params, 'library');
  const folder = value(params, 'folder');
  switch (job.error_code) {
    case 'scan_root_invalid':
    case 'scan_root_overlap':
    case 'scan_root_missing':
      if (library === null || folder === null) return null;
      return { text: t[job.error_code]({ library, folder }), detail: detailOf(params) };
    case 'scan_root_unreadable':
      return library === null ? null : { text: t.scan_root_unreadable({ library }), detail: null };
    case 'scan_would_empty': {
      const count = Number(value(params, 'count') ?? Number.NaN);
      if (library === null || !Number.isFinite(count)) return null;
      const shown = new Intl.NumberFormat(locale).format(count);
      return { text: t.scan_would_empty({ library, count: shown }), detail: null };
    }
    case 'no_metadata_provider':
    case 'unexpected':
      return { text: t[job.error_code](), detail: null };
    case 'problem': {
      const text = kindText(LL, value(params, 'kind'));
      return text === null ? null : { text, detail: job.error ?? null };
    }
    default:
      return null;
  }
}

/** Why the job failed; null when it did not. */
export function jobErrorMessage(LL: TranslationFunctions, locale: Locales, job: CodedJob): JobMessage | null {
  if (!job.error) return null;
  return jobText(LL, locale, job) ?? { text: job.error, detail: null };
}

function itemText(LL: TranslationFunctions, error: ItemError, providerName: ProviderName): JobMessage | null {
  const t = LL.jobs.errors.item;
  const params = error.params;
  switch (error.code) {
    case 'folder_unreadable': {
      const reason = value(params, 'reason');
      return reason === null ? null : { text: t.folder_unreadable({ reason }), detail: null };
    }
    case 'name_not_utf8':
    case 'file_unreadable':
      return { text: t[error.code](), detail: null };
    case 'file_corrupt':
    case 'file_encrypted':
    case 'file_unsupported':
    case 'file_too_large':
    case 'file_empty':
    case 'file_not_found':
    case 'file_timeout':
      return { text: t[error.code](), detail: detailOf(params) };
    case 'provider_failure': {
      const text = failureText(LL, params, providerName);
      return text === null ? null : { text, detail: detailOf(params) };
    }
    case 'provider_skipped': {
      // Each provider the batch skipped (the primary, and the fallback when it was skipped too), as the server says.
      const providers = [value(params, 'provider'), value(params, 'fallback')].filter(
        (id): id is string => id !== null,
      );
      if (providers.length === 0) return null;
      const text = providers.map((id) => t.provider_skipped({ provider: providerName(id) })).join(' ');
      return { text, detail: detailOf(params) };
    }
    case 'auto_apply_failed': {
      const reason = failureText(LL, params, providerName) ?? kindText(LL, value(params, 'kind'));
      return reason === null ? null : { text: t.auto_apply_failed({ reason }), detail: detailOf(params) };
    }
    case 'problem': {
      const text = kindText(LL, value(params, 'kind'));
      return text === null ? null : { text, detail: detailOf(params) };
    }
    default:
      return null;
  }
}

/** Why one file or series failed; a provider is named by `providerName` (its id when the page has no names). */
export function itemErrorMessage(LL: TranslationFunctions, error: ItemError, providerName = asId): JobMessage {
  return itemText(LL, error, providerName) ?? { text: error.message, detail: null };
}

/** An error a row stores beside its code (as item errors are); null when the row has none. */
function storedMessage(
  LL: TranslationFunctions,
  text: string | null,
  code: ItemError['code'],
  params: ItemError['params'],
  providerName = asId,
): JobMessage | null {
  return text ? itemErrorMessage(LL, { message: text, code, params }, providerName) : null;
}

/** Why the scan could not read a book's file (the `file_*` item error codes); null when it could. */
export function parseErrorMessage(
  LL: TranslationFunctions,
  file: { parse_error: string | null; parse_error_code: ItemError['code']; parse_error_params: ItemError['params'] },
): JobMessage | null {
  return storedMessage(LL, file.parse_error, file.parse_error_code, file.parse_error_params);
}

/** Why a batch's series is `error` or `skipped` (a provider's failure, or every provider skipped); null otherwise. */
export function batchErrorMessage(
  LL: TranslationFunctions,
  result: Pick<BatchResult, 'error' | 'error_code' | 'error_params'>,
  providerName = asId,
): JobMessage | null {
  return storedMessage(LL, result.error, result.error_code, result.error_params, providerName);
}

/** A message as one line of plain text (a tooltip): the reason, then the technical detail. */
export function messageAsText(LL: TranslationFunctions, message: JobMessage): string {
  return message.detail ? `${message.text}\n${LL.jobs.errors.detail({ detail: message.detail })}` : message.text;
}

/** Why a refresh could not read a series again: its provider's failure by kind, else the server's words. */
export function refreshFailureText(
  LL: TranslationFunctions,
  entry: Pick<RefreshEntry, 'error' | 'failure' | 'provider'>,
  providerName: ProviderName,
): string {
  const failure = entry.failure ?? '';
  if (has(LL.problems.failures, failure))
    return LL.problems.failures[failure]({ provider: providerName(entry.provider) });
  return entry.error ?? '';
}
