import type { inferRouterOutputs } from '@trpc/server';
import { writable } from 'svelte/store';
// A type only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';
import { trpc } from '../../trpc.js';

export type SavedFilter = inferRouterOutputs<AppRouter>['savedFilters']['list']['items'][number];
type Parameters = SavedFilter['filter'];

/**
 * A saved filter's list with its filter and sort: the list's own URL, whose query parameters are the operation's
 * (the series page reads `genre=A&genre=B` as it sends it), so opening one is following a link and the list asks
 * the server as the viewer: it never shows what they may not see.
 */
export function savedFilterHref(filter: Pick<SavedFilter, 'target' | 'filter' | 'sort'>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter.filter)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  if (filter.sort) params.set('sort', filter.sort);
  const search = params.toString();
  return `/${filter.target}${search === '' ? '' : `?${search}`}`;
}

/** Whether a URL's query (page and view aside) is the saved filter's: its link in the navigation is the current page. */
export function isSavedFilterAt(
  filter: Pick<SavedFilter, 'target' | 'filter' | 'sort'>,
  url: { search: string },
  path: string,
) {
  if (path !== `/${filter.target}`) return false;
  const query = new URLSearchParams(url.search);
  query.delete('page');
  query.delete('view');
  const key = (params: URLSearchParams) =>
    [...params]
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join('&');
  return key(query) === key(new URLSearchParams(savedFilterHref(filter).split('?')[1] ?? ''));
}

/** The filter of a list input: its parameters without paging (and without the sort, kept beside it). */
export function filterOfInput(input: Record<string, unknown>): Parameters {
  const paging = new Set(['page', 'limit', 'sort']);
  return Object.fromEntries(Object.entries(input).filter(([name]) => !paging.has(name))) as Parameters;
}

/**
 * The saved filters the side navigation lists (the caller's and the shared ones). Pages that change one call
 * refreshSavedFilters() after it.
 */
export const navSavedFilters = writable<SavedFilter[] | null>(null);

let pending: Promise<void> | null = null;

export function refreshSavedFilters(): Promise<void> {
  pending ??= trpc.savedFilters.list
    .query({ limit: 100 })
    .then((page) => navSavedFilters.set(page.items))
    .catch(() => {
      // The page's own calls show the connection problem; the navigation keeps what it had.
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
