import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// Types only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type WantedVolume = Outputs['wanted']['list']['items'][number];
export type WantedStatus = NonNullable<Inputs['wanted']['list']['status']>;
export type Candidate = Outputs['wanted']['candidates']['items'][number];
export type Grab = Outputs['wanted']['grab'];

export const WANTED_STATUSES: readonly WantedStatus[] = ['missing', 'grabbed', 'imported'];
export const WANTED_PAGE_SIZE = 50;

/** The page's filters, as its URL keeps them (so that a filtered list can be shared and survives a reload). */
export interface WantedFilters {
  libraryId: string | null;
  /** One series' volumes (from its page's "See in Wanted"). */
  seriesId: string | null;
  status: WantedStatus | null;
  page: number;
}

export function parseWantedFilters(params: Pick<URLSearchParams, 'get'>): WantedFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    libraryId: params.get('library_id') || null,
    seriesId: params.get('series_id') || null,
    status: WANTED_STATUSES.includes(status as WantedStatus) ? (status as WantedStatus) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

export function wantedFiltersToSearch(filters: WantedFilters): string {
  const params = new URLSearchParams();
  if (filters.libraryId) params.set('library_id', filters.libraryId);
  if (filters.seriesId) params.set('series_id', filters.seriesId);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function wantedListInput(filters: WantedFilters) {
  return {
    page: filters.page,
    limit: WANTED_PAGE_SIZE,
    ...(filters.libraryId ? { library_id: filters.libraryId } : {}),
    ...(filters.seriesId ? { series_id: filters.seriesId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

/** One volume's key, for the selection and the open rows. */
export const volumeKey = (volume: { series_id: string; volume: number }) => `${volume.series_id}:${volume.volume}`;
