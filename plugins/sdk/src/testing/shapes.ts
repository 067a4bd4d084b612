import { READING_DIRECTIONS, SDK_API_VERSION } from '../types.js';
import { pluginTextProblem } from '../plugin-text.js';
import type {
  MetadataCapabilities,
  PluginManifest,
  Release,
  SeriesField,
  SeriesRecord,
  VolumeField,
  VolumeRecord,
} from '../types.js';

/**
 * Shape checks for the contract suites. Each returns the list of problems (empty when the value is well formed), so
 * a failing test shows every problem at once, with the path of the offending field.
 */

const SERIES_KEYS: readonly (keyof SeriesRecord)[] = [
  'externalId',
  'title',
  'alternativeTitles',
  'authors',
  'description',
  'publishers',
  'startYear',
  'totalVolumes',
  'totalChapters',
  'rawStatus',
  'genres',
  'language',
  'coverUrl',
  'externalUrl',
];

/** Keys a record may leave out: added in a minor SDK version, so plugins written before it stay valid. */
const OPTIONAL_SERIES_KEYS: readonly (keyof SeriesRecord)[] = ['readingDirection'];

const VOLUME_KEYS: readonly (keyof VolumeRecord)[] = [
  'externalId',
  'volumeNumber',
  'title',
  'authors',
  'isbn',
  'summary',
  'coverUrl',
  'pageCount',
  'language',
  'publishDate',
];

const RELEASE_KEYS: readonly (keyof Release)[] = [
  'guid',
  'title',
  'sizeBytes',
  'indexer',
  'protocol',
  'seeders',
  'leechers',
  'publishDate',
  'downloadUrl',
  'infoUrl',
  'categories',
];
const OPTIONAL_RELEASE_KEYS: readonly (keyof Release)[] = ['indexerData'];
/** The SDK's bound on a release's opaque data (types.ts `Release.indexerData`). */
const MAX_INDEXER_DATA_BYTES = 4096;

const SETTING_TYPES = new Set(['string', 'url', 'number', 'boolean', 'string-list', 'number-list']);
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

type Problems = string[];

class Checker {
  readonly problems: Problems = [];
  constructor(
    private readonly record: Record<string, unknown>,
    private readonly path: string,
  ) {}

  private at(key: string): string {
    return `${this.path}.${key}`;
  }

  private report(key: string, expected: string): void {
    this.problems.push(`${this.at(key)} should be ${expected}, got ${JSON.stringify(this.record[key]) ?? 'undefined'}`);
  }

  exactKeys(keys: readonly string[], optional: readonly string[] = []): void {
    for (const key of keys) if (!(key in this.record)) this.problems.push(`${this.at(key)} is missing`);
    for (const key of Object.keys(this.record)) {
      if (!keys.includes(key) && !optional.includes(key)) {
        this.problems.push(`${this.at(key)} is not a field of the record`);
      }
    }
  }

  text(key: string): void {
    const value = this.record[key];
    if (typeof value !== 'string' || value.trim().length === 0) this.report(key, 'a non-blank string');
  }

  textOrNull(key: string): void {
    const value = this.record[key];
    if (value !== null && (typeof value !== 'string' || value.trim().length === 0)) {
      this.report(key, 'null or a non-blank string (unknown is null, not "")');
    }
  }

  texts(key: string): void {
    const value = this.record[key];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim().length === 0)) {
      this.report(key, 'an array of non-blank strings');
    }
  }

  integerOrNull(key: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
    const value = this.record[key];
    if (value !== null && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) {
      this.report(key, `null or an integer in [${min}, ${max}]`);
    }
  }

  numberOrNull(key: string, min: number): void {
    const value = this.record[key];
    if (value !== null && !(typeof value === 'number' && Number.isFinite(value) && value >= min)) {
      this.report(key, `null or a finite number ≥ ${min}`);
    }
  }

  urlOrNull(key: string): void {
    const value = this.record[key];
    if (value === null) return;
    if (typeof value !== 'string' || !isHttpUrl(value)) this.report(key, 'null or an absolute http(s) URL');
  }

  languageOrNull(key: string): void {
    const value = this.record[key];
    if (value !== null && (typeof value !== 'string' || !/^[a-z]{2}$/.test(value))) {
      this.report(key, 'null or an ISO 639-1 code (two lowercase letters)');
    }
  }

  partialDateOrNull(key: string): void {
    const value = this.record[key];
    if (value !== null && (typeof value !== 'string' || !isPartialDate(value))) {
      this.report(key, 'null or a date YYYY, YYYY-MM or YYYY-MM-DD');
    }
  }

  rfc3339OrNull(key: string): void {
    const value = this.record[key];
    if (value !== null && (typeof value !== 'string' || !RFC_3339.test(value) || Number.isNaN(Date.parse(value)))) {
      this.report(key, 'null or an RFC 3339 timestamp');
    }
  }

  oneOf(key: string, allowed: readonly string[]): void {
    if (!allowed.includes(this.record[key] as string)) this.report(key, `one of ${allowed.join(', ')}`);
  }

  integers(key: string): void {
    const value = this.record[key];
    if (!Array.isArray(value) || value.some((item) => !Number.isInteger(item)))
      this.report(key, 'an array of integers');
  }

  matches(key: string, pattern: RegExp, expected: string): void {
    const value = this.record[key];
    if (value !== null && (typeof value !== 'string' || !pattern.test(value))) this.report(key, expected);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isPartialDate(value: string): boolean {
  const match = PARTIAL_DATE.exec(value);
  if (!match) return false;
  const [, , month, day] = match;
  if (month !== undefined && (Number(month) < 1 || Number(month) > 12)) return false;
  if (day !== undefined) {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  }
  return true;
}

function asRecord(value: unknown, path: string): Record<string, unknown> | Problems {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} should be an object`];
  return value as Record<string, unknown>;
}

export function seriesProblems(value: unknown, path = 'series'): Problems {
  const record = asRecord(value, path);
  if (Array.isArray(record)) return record;
  const check = new Checker(record, path);
  check.exactKeys(SERIES_KEYS, OPTIONAL_SERIES_KEYS);
  check.text('externalId');
  check.text('title');
  check.texts('alternativeTitles');
  check.texts('authors');
  check.textOrNull('description');
  check.texts('publishers');
  check.integerOrNull('startYear', 1000, 2200);
  check.integerOrNull('totalVolumes', 0);
  check.integerOrNull('totalChapters', 0);
  check.textOrNull('rawStatus');
  check.texts('genres');
  check.languageOrNull('language');
  check.urlOrNull('coverUrl');
  check.urlOrNull('externalUrl');
  if (record['readingDirection'] !== undefined && record['readingDirection'] !== null) {
    check.oneOf('readingDirection', READING_DIRECTIONS);
  }
  return check.problems;
}

export function volumeProblems(value: unknown, path = 'volume'): Problems {
  const record = asRecord(value, path);
  if (Array.isArray(record)) return record;
  const check = new Checker(record, path);
  check.exactKeys(VOLUME_KEYS);
  check.text('externalId');
  check.numberOrNull('volumeNumber', 0);
  check.textOrNull('title');
  check.texts('authors');
  check.matches('isbn', /^(?:\d{13}|\d{9}[\dX])$/, 'null or an ISBN-13 / ISBN-10 of digits (and X)');
  check.textOrNull('summary');
  check.urlOrNull('coverUrl');
  check.integerOrNull('pageCount', 1);
  check.languageOrNull('language');
  check.partialDateOrNull('publishDate');
  return check.problems;
}

export function releaseProblems(value: unknown, path = 'release'): Problems {
  const record = asRecord(value, path);
  if (Array.isArray(record)) return record;
  const check = new Checker(record, path);
  check.exactKeys(RELEASE_KEYS, OPTIONAL_RELEASE_KEYS);
  check.text('guid');
  check.text('title');
  check.integerOrNull('sizeBytes', 0);
  check.textOrNull('indexer');
  check.oneOf('protocol', ['torrent', 'usenet', 'unknown']);
  check.integerOrNull('seeders', 0);
  check.integerOrNull('leechers', 0);
  check.rfc3339OrNull('publishDate');
  check.urlOrNull('downloadUrl');
  check.urlOrNull('infoUrl');
  check.integers('categories');
  check.problems.push(...indexerDataProblems(record['indexerData'], `${path}.indexerData`));
  return check.problems;
}

/** Absent, or a flat object of JSON scalars that serialises to at most 4 KB. */
function indexerDataProblems(value: unknown, path: string): Problems {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} should be an object`];
  const problems: Problems = [];
  for (const [key, entry] of Object.entries(value)) {
    const scalar =
      entry === null ||
      typeof entry === 'string' ||
      typeof entry === 'boolean' ||
      (typeof entry === 'number' && Number.isFinite(entry));
    if (!scalar) problems.push(`${path}.${key} should be a string, a finite number, a boolean or null`);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  if (bytes > MAX_INDEXER_DATA_BYTES) problems.push(`${path} is ${bytes} bytes, more than ${MAX_INDEXER_DATA_BYTES}`);
  return problems;
}

/** Fields a provider does not declare in its capabilities must stay empty: the server trusts the declaration. */
export function undeclaredFieldProblems(
  record: SeriesRecord | VolumeRecord,
  declared: readonly (SeriesField | VolumeField)[],
  candidates: readonly string[],
  path: string,
): Problems {
  const problems: Problems = [];
  const values = record as unknown as Record<string, unknown>;
  for (const key of candidates) {
    if (declared.includes(key as SeriesField)) continue;
    const value = values[key];
    const empty = value === null || value === undefined || (Array.isArray(value) && value.length === 0);
    if (!empty) problems.push(`${path}.${key} is filled but not declared in capabilities`);
  }
  return problems;
}

export const SERIES_FIELDS = [...SERIES_KEYS, ...OPTIONAL_SERIES_KEYS].filter(
  (key) => key !== 'externalId' && key !== 'title',
);
export const VOLUME_FIELDS = VOLUME_KEYS.filter((key) => key !== 'externalId');

export function manifestProblems(manifest: PluginManifest): Problems {
  const problems: Problems = [];
  if (!SNAKE_CASE.test(manifest.id)) problems.push(`manifest.id should be snake_case, got ${manifest.id}`);
  if (typeof manifest.displayName !== 'string' || manifest.displayName.trim() === '') {
    problems.push('manifest.displayName should be a non-blank string');
  }
  if (!/^\d+\.\d+\.\d+(?:[-+].+)?$/.test(manifest.version)) {
    problems.push(`manifest.version should be semver, got ${manifest.version}`);
  }
  if (manifest.apiVersion !== SDK_API_VERSION) {
    problems.push(`manifest.apiVersion should be ${SDK_API_VERSION}, got ${manifest.apiVersion}`);
  }
  const keys = new Set<string>();
  manifest.settings.forEach((field, index) => {
    const path = `manifest.settings[${index}]`;
    if (!SNAKE_CASE.test(field.key)) problems.push(`${path}.key should be snake_case, got ${field.key}`);
    if (keys.has(field.key)) problems.push(`${path}.key ${field.key} is declared twice`);
    keys.add(field.key);
    if (!SETTING_TYPES.has(field.type)) problems.push(`${path}.type ${field.type} is not a setting type`);
    const labelProblem = pluginTextProblem(field.label);
    if (labelProblem) problems.push(`${path}.label ${labelProblem}`);
    const helpProblem = field.help === undefined ? null : pluginTextProblem(field.help);
    if (helpProblem) problems.push(`${path}.help ${helpProblem}`);
    if (field.secret && field.default !== undefined && field.default !== null) {
      problems.push(`${path} is secret but has a default value`);
    }
  });
  const { rateLimit, timeoutMs } = manifest;
  if (
    rateLimit &&
    !(Number.isInteger(rateLimit.requests) && rateLimit.requests >= 1 && rateLimit.perMilliseconds > 0)
  ) {
    problems.push('manifest.rateLimit should allow at least 1 request per positive window');
  }
  if (timeoutMs !== undefined && !(timeoutMs > 0)) problems.push('manifest.timeoutMs should be positive');
  return problems;
}

export function capabilityProblems(capabilities: MetadataCapabilities): Problems {
  const problems: Problems = [];
  for (const field of capabilities.series) {
    if (!SERIES_FIELDS.includes(field)) problems.push(`capabilities.series lists unknown field ${field}`);
  }
  for (const field of capabilities.volumes) {
    if (!VOLUME_FIELDS.includes(field)) problems.push(`capabilities.volumes lists unknown field ${field}`);
  }
  if (!capabilities.hasVolumes && capabilities.volumes.length > 0) {
    problems.push('capabilities.volumes lists fields although hasVolumes is false');
  }
  return problems;
}
