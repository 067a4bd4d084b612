import type { Locales, TranslationFunctions } from '../i18n/i18n-types.js';

/** A problem as the server sends it (openapi.yaml `Problem`), the fields this module reads. */
export interface ServerProblem {
  type?: string;
  detail?: string;
  errors?: ServerFieldError[];
  provider?: string;
  failure?: string;
}

export interface ServerFieldError {
  path: string;
  message: string;
  code?: string;
  allowed?: unknown[];
  limit?: number;
  /** With `overlap`: the other folder. */
  folder?: string;
}

type Problems = TranslationFunctions['problems'];
const TYPE_PREFIX = 'urn:shelfmark:problem:';

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/** `urn:shelfmark:problem:not-found` → `not_found`, the key of `problems.kinds`. */
export const kindKey = (type: string | undefined): string =>
  (type?.startsWith(TYPE_PREFIX) ? type.slice(TYPE_PREFIX.length) : '').replace(/-/g, '_');

/** `/body/links/0/url` → `links[0].url`, as the server names fields in its own messages. */
export function fieldName(path: string): string {
  const [, , ...rest] = path.split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  return rest.reduce(
    (label, segment) => (/^\d+$/.test(segment) ? `${label}[${segment}]` : label ? `${label}.${segment}` : segment),
    '',
  );
}

/** The form's own label of the field when the i18n knows it (by its last name), else the field's name. */
export function fieldLabel(LL: Problems, path: string): string {
  const last = path.split('/').at(-1) ?? '';
  return has(LL.fields, last) ? LL.fields[last]() : fieldName(path) || path;
}

function listed(values: unknown[] | undefined): string {
  return (values ?? []).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
}

/**
 * One field error in the page's language, from its `code` with what the server sent along (`allowed`, `limit`); an
 * error without a code (some found by the services) keeps the server's words.
 */
export function fieldText(LL: Problems, issue: ServerFieldError): string {
  const code = issue.code;
  if (code === undefined || !has(LL.codes, code)) return issue.message;
  if (code === 'overlap' && issue.folder !== undefined) return LL.detailed.overlap({ folder: issue.folder });
  if ((code === 'enum' || code === 'additionalProperties') && (issue.allowed ?? []).length > 0)
    return LL.detailed[code]({ allowed: listed(issue.allowed) });
  if (
    issue.limit !== undefined &&
    has(LL.detailed, code) &&
    code !== 'enum' &&
    code !== 'additionalProperties' &&
    code !== 'overlap'
  )
    return LL.detailed[code]({ limit: issue.limit });
  return LL.codes[code]();
}

/**
 * What a failed call says in the page's language: a provider failure by its `provider` and `failure`, a validation
 * failure field by field, any other problem by its kind (in English, the server's own detail, which says more).
 */
export function problemText(LL: TranslationFunctions, locale: Locales, problem: ServerProblem): string {
  const t = LL.problems;
  if (problem.provider && problem.failure && has(t.failures, problem.failure))
    return t.failures[problem.failure]({ provider: problem.provider });
  const errors = problem.errors ?? [];
  if (errors.length > 0)
    return errors
      .map((issue) => LL.errors.field({ field: fieldLabel(t, issue.path), message: fieldText(t, issue) }))
      .join('; ');
  const kind = kindKey(problem.type);
  if (locale !== 'en' && has(t.kinds, kind)) return t.kinds[kind]();
  return problem.detail || (has(t.kinds, kind) ? t.kinds[kind]() : '');
}
