import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';

/**
 * A name an administrator puts on series to choose what readers see (issue 39: a reader may be kept to some labels,
 * or kept from others). Never read from files: a file's `tags` are the file's own metadata, not access rules.
 */
export const LabelSchema = defineEntity({
  name: 'Label',
  tableName: 'labels',
  properties: {
    id: uuidPrimaryKey(),
    name: p.string().length(100).unique(),
    createdAt: createdAt(),
  },
});
export class Label extends LabelSchema.class {}
LabelSchema.setClass(Label);
