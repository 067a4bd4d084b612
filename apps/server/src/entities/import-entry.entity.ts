import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';
import { ReleaseGrab } from './release-grab.entity.js';
import { Series } from './series.entity.js';
import { User } from './user.entity.js';

/** Where an arriving file came from: a browser upload (staged under the data directory) or an import folder. */
export const IMPORT_SOURCES = ['upload', 'folder'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * `queued`: waits for an admin (no exact match, or placing it failed: `errorCode` says why); `imported`: placed in
 * a library (a history row says where); `ignored`: an admin set it aside (the file is left where it is).
 */
export const IMPORT_STATUSES = ['queued', 'imported', 'ignored'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** How the entry was matched: a grab's release name, the file's own metadata, its name and folder, or an admin. */
export const IMPORT_MATCHES = ['grab', 'metadata', 'name', 'chosen'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

/** A series the entry may belong to, with the number read for it and how sure the match is (0–1). */
export interface ImportSuggestion {
  seriesId: string;
  seriesName: string;
  libraryId: string;
  volume: number | null;
  confidence: number;
  matchedBy: ImportMatch;
}

/** One arriving file (issue 37): in the import queue until it is imported or ignored. */
export const ImportEntrySchema = defineEntity({
  name: 'ImportEntry',
  tableName: 'import_entries',
  properties: {
    id: uuidPrimaryKey(),
    source: p.enum(IMPORT_SOURCES),
    /** Absolute path of the file now (the staged upload, or the file in its import folder). */
    path: p.text(),
    /**
     * The entry of an import folder it came from (the file itself, or the folder it was in or packed from), so the
     * watcher offers each arrival once; null for an upload.
     */
    origin: p.text().nullable(),
    /** The name the file arrived with (an upload's own name; a folder entry's name in its import folder). */
    originalName: p.string().length(1024),
    sizeBytes: p.double().nullable(),
    status: p.enum(IMPORT_STATUSES).default('queued'),
    /** The best suggestions, best first (at most a few). */
    suggestions: p.json<ImportSuggestion[]>().onCreate(() => []),
    /** The series and library an upload was dropped on: its match is that series. */
    series: () => p.manyToOne(Series).nullable().deleteRule('set null'),
    library: () => p.manyToOne(Library).nullable().deleteRule('set null'),
    grab: () => p.manyToOne(ReleaseGrab).nullable().deleteRule('set null'),
    /** Why the last attempt to place it failed (openapi.yaml `ImportFailure`), null when none did. */
    errorCode: p.string().length(32).nullable(),
    errorMessage: p.text().nullable(),
    submittedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ properties: ['status', 'createdAt'] }, { properties: ['origin'] }],
});
export class ImportEntry extends ImportEntrySchema.class {}
ImportEntrySchema.setClass(ImportEntry);
