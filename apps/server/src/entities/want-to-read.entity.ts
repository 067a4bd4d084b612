import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './columns.js';
import { Series } from './series.entity.js';
import { User } from './user.entity.js';

/** A series on a reader's own want-to-read shelf; deleting the user or the series removes it. */
export const WantToReadSchema = defineEntity({
  name: 'WantToRead',
  tableName: 'want_to_read',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').index(),
    createdAt: createdAt(),
  },
  // The shelf is read newest first.
  indexes: [{ properties: ['user', 'createdAt'] }],
});
export class WantToRead extends WantToReadSchema.class {}
WantToReadSchema.setClass(WantToRead);
