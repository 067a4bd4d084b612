import type { components } from '../contract/openapi-types.js';

/**
 * Every code a problem can carry, listed once in openapi.yaml (`Problem.type`, `ProblemFieldError.code`,
 * `ProviderFailureKind`) and checked here both ways at compile time: a code the server sends must be in the
 * contract, and the contract lists nothing the server does not know. The admin translates each one (its test reads
 * the same lists from openapi.yaml).
 */
type Schemas = components['schemas'];
type ContractKind = Schemas['Problem']['type'] extends `urn:shelfmark:problem:${infer Kind}` ? Kind : never;
type ContractFieldCode = NonNullable<Schemas['ProblemFieldError']['code']>;
export type ProviderFailureKind = Schemas['ProviderFailureKind'];

export const PROBLEM_KINDS = [
  'validation',
  'invalid-path',
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'file-unavailable',
  'method-not-allowed',
  'request-timeout',
  'conflict',
  'no-reader',
  'scan-refused',
  'last-admin',
  'username-taken',
  'email-taken',
  'wrong-password',
  'payload-too-large',
  'unsupported-media-type',
  'request-header-fields-too-large',
  'page-unreadable',
  'too-many-requests',
  'internal-error',
  'not-implemented',
  'provider-failure',
] as const satisfies readonly ContractKind[];
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const FIELD_ISSUE_CODES = [
  'required',
  'additionalProperties',
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'anyOf',
  'oneOf',
  'not',
  'controlCharacters',
  'range',
  'depth',
  'blank',
  'schedule',
  'sameAsProvider',
  'noMetadataProvider',
  'noMetadataLink',
  'notMetadataProvider',
  'notInLibrary',
  'exclusive',
  'noReleaseIndexer',
  'httpUrl',
  'future',
  'isbnChecksum',
  'readingList',
  'folder',
  'provider',
  'notInSeries',
  'unknownPlugin',
  'setting',
  'rangeStart',
  'notCandidate',
  'notWanted',
  'namingTemplate',
  'overlap',
  'taken',
  'invalid',
] as const satisfies readonly ContractFieldCode[];
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

export const PROVIDER_FAILURE_KINDS = [
  'not_configured',
  'refused_key',
  'rate_limited',
  'unreachable',
  'unavailable',
  'blocked',
  'bad_response',
  'not_found',
  'wrong_url',
] as const satisfies readonly ProviderFailureKind[];

// The other way round: nothing the contract lists is missing here.
/** `true` when `Listed` names every member of `All`, else the members it misses (a compile error at the check). */
export type Exhaustive<Listed, All> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
const kindsComplete: Exhaustive<ProblemKind, ContractKind> = true;
const codesComplete: Exhaustive<FieldIssueCode, ContractFieldCode> = true;
const failuresComplete: Exhaustive<(typeof PROVIDER_FAILURE_KINDS)[number], ProviderFailureKind> = true;
void [kindsComplete, codesComplete, failuresComplete];

const FIELD_CODES = new Set<string>(FIELD_ISSUE_CODES);

/** A JSON Schema keyword as a field issue code: the keywords the contract lists keep their name, others `invalid`. */
export function fieldIssueCode(keyword: string): FieldIssueCode {
  return FIELD_CODES.has(keyword) ? (keyword as FieldIssueCode) : 'invalid';
}
