import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_NAMING_TEMPLATE } from '../domain/naming-template.js';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const REFRESH_MODES = ['manual', 'hourly', 'daily', 'weekly'] as const;
export type RefreshMode = (typeof REFRESH_MODES)[number];
/** How a library notices changes: `auto` picks events, or polling where events cannot be had. */
export const WATCH_SETTINGS = ['auto', 'events', 'polling', 'off'] as const;
export type WatchSetting = (typeof WATCH_SETTINGS)[number];
/** How imported books are written into the library (services/file-placement.ts); `off` never writes to it. */
export const IMPORT_MODES = ['off', 'hardlink', 'copy', 'move'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** The provider id that opts a library out of metadata synchronisation. */
export const NO_PROVIDER = 'none';

export const LibrarySchema = defineEntity({
  name: 'Library',
  tableName: 'libraries',
  properties: {
    id: uuidPrimaryKey(),
    name: p.string().length(200),
    /** Relative to LIBRARIES_ROOT, POSIX separators, no leading or trailing slash. */
    rootPath: p.string().length(4096).unique(),
    metadataProvider: p.string().length(64).default(NO_PROVIDER),
    fallbackMetadataProvider: p.string().length(64).default(NO_PROVIDER),
    metadataRefreshMode: p.enum(REFRESH_MODES).default('manual'),
    watch: p.enum(WATCH_SETTINGS).default('auto'),
    /** A schedule word or a cron expression (domain/schedule.ts): text, since cron strings are open-ended. */
    scanSchedule: p.string().length(100).default('every_6h'),
    /** domain/reading-direction.ts: how a series with no direction of its own is read. */
    defaultReadingDirection: p.string().length(16).default('ltr'),
    /**
     * Books stored before the fuller metadata read (issue 31) wait for the one-time backfill job
     * (services/metadata-backfill.service.ts), which clears this when it ends. Set by the migration that added it.
     */
    importMode: p.enum(IMPORT_MODES).default('off'),
    /** domain/naming-template.ts: where an imported book goes, relative to the root. */
    namingTemplate: p.string().length(500).default(DEFAULT_NAMING_TEMPLATE),
    metadataBackfillPending: p.boolean().default(false),
    lastScannedAt: p.datetime().nullable(),
    lastMetadataRefreshAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});
export class Library extends LibrarySchema.class {}
LibrarySchema.setClass(Library);
