import type { components } from '../contract/openapi-types.js';
import { DomainError } from './errors.js';
import type { Exhaustive, ProblemKind, ProviderFailureKind } from './problem-codes.js';

/**
 * What a job says when it fails (`jobs.error`) or cannot handle one file or series (`job_item_errors.message`): a
 * stable code with the values the sentence needs, which the admin translates, beside the words in English, which
 * API users and the logs read. Rows written before codes existed have the words only (code null): the admin shows
 * them as they are. The code lists are openapi.yaml's (`JobErrorCode`, `JobItemErrorCode`), checked here both ways.
 */
type Schemas = components['schemas'];
type ContractJobErrorCode = Schemas['JobErrorCode'];
type ContractItemErrorCode = Schemas['JobItemErrorCode'];

export const JOB_ERROR_CODES = [
  'scan_root_invalid',
  'scan_root_overlap',
  'scan_root_missing',
  'scan_root_unreadable',
  'scan_would_empty',
  'no_metadata_provider',
  'problem',
  'unexpected',
] as const satisfies readonly ContractJobErrorCode[];
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

export const JOB_ITEM_ERROR_CODES = [
  'folder_unreadable',
  'name_not_utf8',
  'file_corrupt',
  'file_encrypted',
  'file_unsupported',
  'file_too_large',
  'file_empty',
  'file_not_found',
  'file_timeout',
  'file_unreadable',
  'provider_failure',
  'auto_apply_failed',
  'provider_skipped',
  'problem',
] as const satisfies readonly ContractItemErrorCode[];
export type JobItemErrorCode = (typeof JOB_ITEM_ERROR_CODES)[number];

const jobCodesComplete: Exhaustive<JobErrorCode, ContractJobErrorCode> = true;
const itemCodesComplete: Exhaustive<JobItemErrorCode, ContractItemErrorCode> = true;
void [jobCodesComplete, itemCodesComplete];

/** The values a sentence needs (a library's name, a count, the technical detail kept in English). */
export type MessageParams = Record<string, string | number>;

export interface CodedMessage<Code extends string> {
  code: Code;
  params: MessageParams;
  text: string;
}
export type JobError = CodedMessage<JobErrorCode>;
export type JobItemError = CodedMessage<JobItemErrorCode>;

// ---------------------------------------------------------------- why a job failed

/** The library's folder now resolves to something that is not a library folder (a symlink changed since). */
export function scanRootInvalid(library: string, folder: string, detail: string): JobError {
  return {
    code: 'scan_root_invalid',
    params: { library, folder, detail },
    text: `The folder "${folder}" of library "${library}" cannot be scanned: ${detail} Change the folder or the symlink. Nothing was changed.`,
  };
}

/** The library's folder now leads to (or into) another library's folder. */
export function scanRootOverlap(library: string, folder: string, detail: string): JobError {
  return {
    code: 'scan_root_overlap',
    params: { library, folder, detail },
    text: `The folder "${folder}" of library "${library}" cannot be scanned: ${detail} Change the folder or the symlink. Nothing was changed.`,
  };
}

export function scanRootMissing(library: string, folder: string): JobError {
  return {
    code: 'scan_root_missing',
    params: { library, folder },
    text: `The folder "${folder}" of library "${library}" is missing or unreadable (is the drive mounted?). Nothing was changed.`,
  };
}

export function scanRootUnreadable(library: string): JobError {
  return {
    code: 'scan_root_unreadable',
    params: { library },
    text: `The folder of library "${library}" could not be read. Nothing was changed.`,
  };
}

export function scanWouldEmpty(library: string, count: number): JobError {
  return {
    code: 'scan_would_empty',
    params: { library, count },
    text: `Library "${library}" would lose all ${count} books: its folder looks empty. Nothing was deleted; check that the drive is mounted.`,
  };
}

export const NO_METADATA_PROVIDER: JobError = {
  code: 'no_metadata_provider',
  params: {},
  text: 'This library has no metadata provider.',
};

/** Anything that is not a refusal written for users: the details stay in the server's log. */
export const UNEXPECTED_JOB_ERROR: JobError = {
  code: 'unexpected',
  params: {},
  text: 'The job stopped on an unexpected error (see the server log).',
};

/** A refusal of the services with no job code of its own: the admin says it by its problem kind. */
export function problemJobError(kind: ProblemKind, text: string): JobError {
  return { code: 'problem', params: { kind }, text };
}

/** Why a job failed, as recorded: domain errors are written for users (with a code, or at least their problem kind); anything else stays in the log. */
export function jobErrorOf(error: unknown): JobError {
  if (!(error instanceof DomainError)) return UNEXPECTED_JOB_ERROR;
  return error.jobError ?? problemJobError(error.code, error.message);
}

// ---------------------------------------------------------------- why one item failed

export function folderUnreadable(reason: string): JobItemError {
  return { code: 'folder_unreadable', params: { reason }, text: `folder unreadable (${reason}); its books are kept` };
}

export const NAME_NOT_UTF8: JobItemError = {
  code: 'name_not_utf8',
  params: {},
  text: 'the name is not valid UTF-8 (bytes shown as \\xNN), so it was not indexed: rename it',
};

/** The kinds of BookFileError (indexer/formats/errors.ts), each its own item code. */
const FILE_CODES = {
  corrupt: 'file_corrupt',
  encrypted: 'file_encrypted',
  unsupported: 'file_unsupported',
  too_large: 'file_too_large',
  empty: 'file_empty',
  not_found: 'file_not_found',
  timeout: 'file_timeout',
} as const satisfies Record<string, JobItemErrorCode>;
export type BookFileFailureKind = keyof typeof FILE_CODES;

/** A book file the readers refused; `detail` is theirs (a library's own words, often), kept as it came. */
export function bookFileFailed(kind: BookFileFailureKind, detail: string): JobItemError {
  return { code: FILE_CODES[kind], params: { detail }, text: `${kind}: ${detail}` };
}

export const FILE_UNREADABLE: JobItemError = {
  code: 'file_unreadable',
  params: {},
  text: 'unreadable: the file could not be analysed',
};

/** Why a provider could not be asked about a series: by its failure kind when it has one, else its problem kind. */
export interface ProviderRefusal {
  kind: ProblemKind;
  provider: string | null;
  failure: ProviderFailureKind | null;
  text: string;
}

/** A refusal of the services about a series, as its item error needs it; `provider` is the one that was asked. */
export function refusalOf(error: DomainError, provider?: string): ProviderRefusal {
  return {
    kind: error.code,
    provider: error.providerFailure?.provider ?? provider ?? null,
    failure: error.providerFailure?.failure ?? null,
    text: error.message,
  };
}

export function providerItemError(refusal: ProviderRefusal): JobItemError {
  if (refusal.provider !== null && refusal.failure !== null)
    return {
      code: 'provider_failure',
      params: { provider: refusal.provider, failure: refusal.failure, detail: refusal.text },
      text: refusal.text,
    };
  return { code: 'problem', params: { kind: refusal.kind, detail: refusal.text }, text: refusal.text };
}

/** A series matched with full confidence whose record could not be applied. */
export function autoApplyFailed(refusal: ProviderRefusal): JobItemError {
  const params: MessageParams = { kind: refusal.kind, detail: refusal.text };
  if (refusal.provider !== null && refusal.failure !== null) {
    params.provider = refusal.provider;
    params.failure = refusal.failure;
  }
  return { code: 'auto_apply_failed', params, text: `Auto-apply failed: ${refusal.text}` };
}

/** A provider a batch stopped asking because it was unreachable earlier (its circuit is open), and why it was. */
export interface SkippedProvider {
  provider: string;
  reason: string;
}

/**
 * A series no provider was asked about: each was found unreachable earlier in the batch. `provider` is the first
 * skipped (the primary), `fallback` the second when there is one; `detail` has the network's reasons, in English.
 */
export function providersSkipped(skipped: readonly SkippedProvider[]): JobItemError {
  const [first, second] = skipped;
  const params: MessageParams = {
    provider: first?.provider ?? '',
    detail: skipped.length === 1 ? first!.reason : skipped.map((s) => `${s.provider}: ${s.reason}`).join('; '),
  };
  if (second) params.fallback = second.provider;
  return {
    code: 'provider_skipped',
    params,
    text: skipped
      .map(
        (s) => `Skipped: provider ${s.provider} is unreachable (${s.reason}); the batch stopped asking it for a while.`,
      )
      .join(' '),
  };
}

export const isJobErrorCode = (value: unknown): value is JobErrorCode =>
  (JOB_ERROR_CODES as readonly unknown[]).includes(value);
export const isJobItemErrorCode = (value: unknown): value is JobItemErrorCode =>
  (JOB_ITEM_ERROR_CODES as readonly unknown[]).includes(value);
