import { ApiToken } from './api-token.entity.js';
import { CollectionSeries } from './collection-series.entity.js';
import { Collection } from './collection.entity.js';
import { BookFacet } from './book-facet.entity.js';
import { BookFile } from './book-file.entity.js';
import { BookPage } from './book-page.entity.js';
import { Book } from './book.entity.js';
import { DirectoryMtime } from './directory-mtime.entity.js';
import { DirtyFolder } from './dirty-folder.entity.js';
import { ExternalBookMetadata } from './external-book-metadata.entity.js';
import { ImportEntry } from './import-entry.entity.js';
import { ImportRecord } from './import-record.entity.js';
import { JobItemError } from './job-item-error.entity.js';
import { Job } from './job.entity.js';
import { KoreaderProgress } from './koreader-progress.entity.js';
import { Label } from './label.entity.js';
import { Library } from './library.entity.js';
import { MetadataBatchResult } from './metadata-batch-result.entity.js';
import { MetadataLink } from './metadata-link.entity.js';
import { OrphanedProgress } from './orphaned-progress.entity.js';
import { ReadingListBook } from './reading-list-book.entity.js';
import { ReadingListImportEntry } from './reading-list-import-entry.entity.js';
import { ReadingList } from './reading-list.entity.js';
import { ReadingProgress } from './reading-progress.entity.js';
import { ReleaseCandidate } from './release-candidate.entity.js';
import { ReleaseGrab } from './release-grab.entity.js';
import { ReleaseSearch } from './release-search.entity.js';
import { SavedFilter } from './saved-filter.entity.js';
import { SeriesLabel } from './series-label.entity.js';
import { SeriesReaderSettings } from './series-reader-settings.entity.js';
import { SeriesReaderState } from './series-reader-state.entity.js';
import { SeriesFacet } from './series-facet.entity.js';
import { Series } from './series.entity.js';
import { Session } from './session.entity.js';
import { Setting } from './setting.entity.js';
import { StatusMapping } from './status-mapping.entity.js';
import { UserLibrary } from './user-library.entity.js';
import { User } from './user.entity.js';
import { WantToRead } from './want-to-read.entity.js';
import { WatchLease } from './watch-lease.entity.js';
import { ImportFolderLease } from './import-folder-lease.entity.js';

export {
  ApiToken,
  Book,
  BookFacet,
  BookFile,
  BookPage,
  Collection,
  CollectionSeries,
  DirectoryMtime,
  DirtyFolder,
  ExternalBookMetadata,
  ImportEntry,
  ImportRecord,
  Job,
  JobItemError,
  KoreaderProgress,
  Label,
  Library,
  MetadataBatchResult,
  MetadataLink,
  OrphanedProgress,
  ReadingList,
  ReadingListBook,
  ReadingListImportEntry,
  ReadingProgress,
  ReleaseCandidate,
  ReleaseGrab,
  ReleaseSearch,
  SavedFilter,
  Series,
  SeriesFacet,
  SeriesLabel,
  SeriesReaderSettings,
  SeriesReaderState,
  Session,
  Setting,
  StatusMapping,
  User,
  UserLibrary,
  WantToRead,
  WatchLease,
  ImportFolderLease,
};

export const ALL_ENTITIES = [
  User,
  Session,
  ApiToken,
  Library,
  Series,
  SeriesReaderState,
  SeriesReaderSettings,
  Book,
  BookFile,
  BookPage,
  ReadingProgress,
  OrphanedProgress,
  DirectoryMtime,
  MetadataLink,
  ExternalBookMetadata,
  StatusMapping,
  Setting,
  Job,
  JobItemError,
  MetadataBatchResult,
  WatchLease,
  ImportFolderLease,
  DirtyFolder,
  UserLibrary,
  KoreaderProgress,
  Collection,
  CollectionSeries,
  ReadingList,
  ReadingListBook,
  ReadingListImportEntry,
  WantToRead,
  BookFacet,
  SeriesFacet,
  SavedFilter,
  ReleaseGrab,
  ReleaseSearch,
  ReleaseCandidate,
  ImportEntry,
  ImportRecord,
  Label,
  SeriesLabel,
];
