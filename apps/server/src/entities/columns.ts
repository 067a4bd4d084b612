import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';

/** Shared column builders so every table spells ids and timestamps the same way. */
export const uuidPrimaryKey = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
export const createdAt = () => p.datetime().onCreate(() => new Date());
export const updatedAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
/** Lists of strings (authors, genres, locked fields) are JSON arrays on both databases. */
export const stringList = () => p.json<string[]>().onCreate(() => []);
