import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ValidationError, type FieldIssue } from '../domain/errors.js';
import { FIELD_ISSUE_CODES } from '../domain/problem-codes.js';
import type { SavedFilterTarget } from '../entities/saved-filter.entity.js';
import type { ListFilterCheck } from '../services/saved-filter.service.js';
import { compileInputSchema, contractAjv } from '../trpc/operation-input.js';
import type { OpenApiDocument } from './openapi-document.js';

/** The list operation a saved filter's parameters are for. */
const LIST_OPERATIONS: Record<SavedFilterTarget, string> = { series: 'listSeries', books: 'listBooks' };

/** A list's paging is the caller's, its sort the saved filter's own field: neither is a filter. */
const NOT_FILTERS = new Set(['page', 'limit', 'sort']);

/**
 * Checks a saved filter against its list operation's own query parameters in openapi.yaml, so the parameter names
 * and their values are written once, in the contract. Values are read as that operation reads a query (coerced: "true"
 * is true, a single value of a repeatable parameter an array), and stored so.
 */
export function listFilterCheck(document: OpenApiDocument): ListFilterCheck {
  const ajv = contractAjv(document, { coerceTypes: 'array' });
  const compiled = new Map<SavedFilterTarget, ValidateFunction>();

  function validatorOf(target: SavedFilterTarget): ValidateFunction {
    let validate = compiled.get(target);
    if (!validate) {
      validate = compileInputSchema(ajv, document, LIST_OPERATIONS[target]);
      compiled.set(target, validate);
    }
    return validate;
  }

  return (target, filter, sort) => {
    const issues: FieldIssue[] = [];
    for (const name of Object.keys(filter)) {
      if (NOT_FILTERS.has(name))
        issues.push({ path: `/body/filter/${name}`, message: `${name} is not a filter`, code: 'invalid' });
    }
    const value: Record<string, unknown> = structuredClone(filter);
    if (sort !== null) value.sort = sort;
    const validate = validatorOf(target);
    if (issues.length === 0 && !validate(value)) {
      for (const error of validate.errors ?? []) {
        const unknown = (error.params as { additionalProperty?: string }).additionalProperty;
        const [, name, ...rest] = error.instancePath.split('/');
        const field = unknown ?? name ?? '';
        const path = field === 'sort' ? '/body/sort' : `/body/filter/${[field, ...rest].join('/')}`;
        issues.push({
          path,
          message: unknown ? `${unknown} is not a parameter of this list` : (error.message ?? 'is invalid'),
          code: FIELD_ISSUE_CODES.find((code) => code === error.keyword) ?? 'invalid',
        });
      }
    }
    if (issues.length > 0)
      throw new ValidationError(issues.map((issue) => `${issue.path} ${issue.message}`).join('; '), issues);
    delete value.sort;
    return value;
  };
}
