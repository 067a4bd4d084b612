import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, stringList, uuidPrimaryKey } from './columns.js';
import { Book } from './book.entity.js';
import { MetadataLink } from './metadata-link.entity.js';

/** One provider volume of a linked series; `book` is null when no local book matched it (a missing volume). */
export const ExternalBookMetadataSchema = defineEntity({
  name: 'ExternalBookMetadata',
  tableName: 'external_book_metadata',
  properties: {
    id: uuidPrimaryKey(),
    link: () => p.manyToOne(MetadataLink).deleteRule('cascade'),
    book: () => p.manyToOne(Book).nullable().deleteRule('set null'),
    externalBookId: p.string().length(512).nullable(),
    volumeNumber: p.double().nullable(),
    title: p.string().length(1024).nullable(),
    authors: stringList(),
    isbn: p.string().length(17).nullable(),
    summary: p.text().nullable(),
    coverUrl: p.string().length(2048).nullable(),
    pageCount: p.integer().nullable(),
    language: p.string().length(35).nullable(),
    publishDate: p.string().length(10).nullable(),
    createdAt: createdAt(),
  },
});
export class ExternalBookMetadata extends ExternalBookMetadataSchema.class {}
ExternalBookMetadataSchema.setClass(ExternalBookMetadata);
