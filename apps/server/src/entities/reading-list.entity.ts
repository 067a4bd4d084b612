import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { User } from './user.entity.js';

/**
 * An ordered list of books across series, owned by a user and seen only by them until an admin shares it with
 * everyone. Deleting the user deletes their lists.
 */
export const ReadingListSchema = defineEntity({
  name: 'ReadingList',
  tableName: 'reading_lists',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(200),
    /** The name folded (domain/search-text `fold`): lists sort on it. */
    sortName: p.string().length(200),
    summary: p.text().nullable(),
    shared: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [
    // What a user sees: their own lists and the shared ones, each by name.
    { properties: ['owner', 'sortName'] },
    { properties: ['shared', 'sortName'] },
  ],
});
export class ReadingList extends ReadingListSchema.class {}
ReadingListSchema.setClass(ReadingList);
