import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/src/trpc/router.js';

// The books' shapes come from the server's router (itself typed from openapi.yaml): a renamed field is a type error.
type Outputs = inferRouterOutputs<AppRouter>['books'];
type Inputs = inferRouterInputs<AppRouter>['books'];

export type BookItem = Outputs['list']['items'][number];
export type BookDetails = Outputs['get'];
export type BookListQuery = Inputs['list'];
export type BookUpdateBody = Inputs['update']['body'];
export type BookFormat = BookItem['format'];
export type ReadingStatus = BookItem['reading_status'];
export type ParseStatus = BookItem['parse_status'];
export type LockableField = BookDetails['locked_fields'][number];
export type VolumeKind = BookItem['kind'];

export const VOLUME_KINDS: readonly VolumeKind[] = ['regular', 'hors_serie', 'integrale', 'one_shot', 'chapter'];

export const BOOK_FORMATS: readonly BookFormat[] = ['cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub'];
export const READING_STATUSES: readonly ReadingStatus[] = ['unread', 'reading', 'read'];
export const PARSE_STATUSES: readonly ParseStatus[] = ['pending', 'ok', 'error'];
export const BOOK_SORTS = ['series', 'title', 'recently_added', 'recently_read'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
