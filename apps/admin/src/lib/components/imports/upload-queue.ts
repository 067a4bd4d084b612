import type { components } from '../../../../../server/src/contract/openapi-types.js';

export type BookUpload = components['schemas']['BookUpload'];

export type UploadState = 'waiting' | 'uploading' | 'checking' | 'imported' | 'queued' | 'cancelled' | 'failed';

/** Files sent at once: a few, so that one large file does not hold up small ones, without splitting the bandwidth thin. */
export const CONCURRENT_UPLOADS = 2;

/** The files that may start now, in the order they were dropped, while fewer than `limit` are under way. */
export function startable<T extends { state: UploadState }>(items: readonly T[], limit = CONCURRENT_UPLOADS): T[] {
  const running = items.filter((item) => item.state === 'uploading' || item.state === 'checking').length;
  return items.filter((item) => item.state === 'waiting').slice(0, Math.max(0, limit - running));
}

/** Whether the file is still on its way (cancel applies), as opposed to over (dismiss applies). */
export function isUnderWay(state: UploadState): boolean {
  return state === 'waiting' || state === 'uploading' || state === 'checking';
}

/** The percentage of a file sent, 0–100, whole. */
export function percentSent(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
}

/** The REST route of an upload dropped on a series page, a library page, or neither (the Import page). */
export function uploadRoute(target: { seriesId?: string | undefined; libraryId?: string | undefined }): string {
  const query = new URLSearchParams();
  if (target.seriesId) query.set('series_id', target.seriesId);
  if (target.libraryId) query.set('library_id', target.libraryId);
  const search = query.toString();
  return `/imports/uploads${search ? `?${search}` : ''}`;
}
