import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';
import type { MetadataSource } from '../domain/metadata-sources.js';

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
/**
 * A list added to a table that already has rows: the same JSON array, with a default the databases give the rows
 * stored before (SQLite cannot add a NOT NULL column without one).
 */
export const addedStringList = () =>
  p
    .json<string[]>()
    .onCreate(() => [])
    .default('[]');
/** Where each stored value came from, by field name (domain/metadata-sources.ts); `{}` for rows stored before. */
export const metadataSources = <Field extends string>() =>
  p
    .json<Partial<Record<Field, MetadataSource>>>()
    .onCreate(() => ({}))
    .default('{}');
