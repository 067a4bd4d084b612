import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { User } from './user.entity.js';

/** Which list operation a saved filter's parameters are for. */
export type SavedFilterTarget = 'series' | 'books';

/**
 * A named filter and sort of the series (or books) list, owned by a user and seen only by them unless an admin
 * shares it with everyone. It holds the list's query parameters, never what they found: applying it runs the list
 * operation as the viewer, so it never shows what its viewer may not see. Deleting the user deletes their filters.
 */
export const SavedFilterSchema = defineEntity({
  name: 'SavedFilter',
  tableName: 'saved_filters',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    target: p.string().length(16),
    name: p.string().length(100),
    /** The name folded (domain/search-text `fold`): lists sort on it, and one owner's names are unique by it. */
    sortName: p.string().length(100),
    /** The list operation's query parameters (`{"genre": ["Action"], "has_missing": true}`), checked against it. */
    filter: p.json<Record<string, unknown>>(),
    /** One of the list operation's `sort` values; null: its default. */
    sort: p.string().length(32).nullable(),
    shared: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['owner', 'target', 'sortName'] }],
  // What a user sees: their own filters and the shared ones, each by name.
  indexes: [{ properties: ['shared', 'sortName'] }],
});
export class SavedFilter extends SavedFilterSchema.class {}
SavedFilterSchema.setClass(SavedFilter);
