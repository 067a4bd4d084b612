import type { OperationBody } from '../contract/operation-types.js';
import type { components } from '../contract/openapi-types.js';
import type { SavedFilterInput, SavedFilterView } from '../services/saved-filter.service.js';

/** Saved filters as the contract's `SavedFilter`, and its request bodies as service inputs (REST and tRPC). */

export function savedFilterDto(filter: SavedFilterView): components['schemas']['SavedFilter'] {
  return {
    id: filter.id,
    name: filter.name,
    target: filter.target,
    filter: filter.filter as components['schemas']['SavedFilterParameters'],
    sort: filter.sort,
    shared: filter.shared,
    owner_id: filter.ownerId,
    mine: filter.mine,
    created_at: filter.createdAt.toISOString(),
    updated_at: filter.updatedAt.toISOString(),
  };
}

export function savedFilterInput(body: OperationBody<'updateSavedFilter'>): SavedFilterInput {
  const input: SavedFilterInput = {};
  if (body.name !== undefined) input.name = body.name;
  if (body.filter !== undefined) input.filter = body.filter;
  if (body.sort !== undefined) input.sort = body.sort;
  if (body.shared !== undefined) input.shared = body.shared;
  return input;
}
