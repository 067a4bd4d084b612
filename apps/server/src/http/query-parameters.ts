import type { FieldIssue } from '../domain/errors.js';
import type { ParameterObject } from './request-issues.js';
import { readableIssue, type JsonSchema } from './validation-messages.js';

/**
 * Query parameters the operation does not declare, and declared ones sent empty without `allowEmptyValue`.
 * express-openapi-validator checks both too, but stops at the first and names no alternative; this lists each one
 * with the parameters that are allowed.
 */
export function queryParameterIssues(query: Record<string, unknown>, parameters: ParameterObject[]): FieldIssue[] {
  const declared = new Map(parameters.filter((p) => p.in === 'query').map((parameter) => [parameter.name, parameter]));
  const known: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries([...declared].map(([name, parameter]) => [name, parameter.schema ?? {}])),
  };
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(query)) {
    const parameter = declared.get(name);
    const path = `/query/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!parameter) {
      issues.push({ path, ...readableIssue({ keyword: 'unknownParameter', schema: known }) });
    } else if (value === '' && !parameter.allowEmptyValue && !isNumeric(parameter.schema)) {
      // Numbers are checked (and their empty value named) with the other numeric rules.
      issues.push({ path, ...readableIssue({ keyword: 'minLength', schema: { minLength: 1 } }) });
    }
  }
  return issues;
}

function isNumeric(schema: JsonSchema | undefined): boolean {
  const types = ([] as string[]).concat(schema?.type ?? []);
  return types.includes('integer') || types.includes('number');
}
