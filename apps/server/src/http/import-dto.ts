import path from 'node:path';
import type { ImportEntry } from '../entities/import-entry.entity.js';
import type { ImportRecord } from '../entities/import-record.entity.js';
import type { components } from '../contract/openapi-types.js';

type ImportFailure = components['schemas']['ImportFailure'];

/** A queue entry (openapi.yaml `ImportEntry`): its name, never its path on the server. */
export function importEntryDto(entry: ImportEntry) {
  return {
    id: entry.id,
    source: entry.source,
    original_name: entry.originalName,
    size: entry.sizeBytes === null || entry.sizeBytes === undefined ? null : Number(entry.sizeBytes),
    status: entry.status,
    suggestions: entry.suggestions.map((s) => ({
      series_id: s.seriesId,
      series_name: s.seriesName,
      library_id: s.libraryId,
      volume: s.volume,
      confidence: s.confidence,
      matched_by: s.matchedBy,
    })),
    series_id: entry.series?.id ?? null,
    grab_id: entry.grab?.id ?? null,
    error: (entry.errorCode ?? null) as ImportFailure | null,
    message: entry.errorMessage ?? null,
    created_at: entry.createdAt.toISOString(),
  };
}

/** A history row (openapi.yaml `ImportRecord`): the source by its name, the target relative to its library. */
export function importRecordDto(record: ImportRecord) {
  return {
    id: record.id,
    import_id: record.entry?.id ?? null,
    library_id: record.library?.id ?? null,
    source_name: path.basename(record.sourcePath),
    target_path: record.targetPath,
    series_name: record.seriesName,
    volume: record.volume === null || record.volume === undefined ? null : Number(record.volume),
    how: record.how,
    replaced: record.replaced,
    imported_by: record.importedBy?.id ?? null,
    imported_at: record.createdAt.toISOString(),
    undone_at: record.undoneAt ? record.undoneAt.toISOString() : null,
  };
}
