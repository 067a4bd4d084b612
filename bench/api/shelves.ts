/**
 * Collections and reading lists for bench:api (issue 32), made over the API as an admin would: a bench user of role
 * admin owns the lists and shares them, so the bootstrap admin and a `--as reader` reader both see them (nobody
 * sees another's private list). Series and books are picked with a fixed seed, so each run measures the same shelves.
 */
import { api } from '../lib/server.ts';

export interface Shelves {
  collectionIds: string[];
  readingListIds: string[];
  /** The largest list (500 books), for its deep pages. */
  longestListId: string;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** A user of role admin with an admin token of their own: the owner of the lists. */
export async function benchOwner(url: string): Promise<Record<string, string>> {
  const credentials = { username: `bench-owner-${Date.now()}`, password: 'bench owner password' };
  await api(url, '/users', { method: 'POST', body: { ...credentials, role: 'admin' } });
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = await fetch(`${url}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench', scope: 'admin' }),
  });
  if (token.status !== 201) throw new Error(`owner token: ${token.status} ${await token.text()}`);
  return { authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
}

export async function send(url: string, headers: Record<string, string>, method: string, route: string, body: unknown) {
  const response = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { id: string };
}

/** Runs `task` over `items` with a few requests in flight. */
async function inParallel<T>(items: T[], task: (item: T) => Promise<void>, width = 8): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export async function loadShelves(
  url: string,
  bookIds: readonly string[],
  options: { collections: number; readingLists: number; maxBooks: number },
): Promise<Shelves> {
  const next = random(7);
  const owner = await benchOwner(url);
  const seriesIds: string[] = [];
  for (let page = 1; seriesIds.length < 5000; page++) {
    const found = await api<{ items: { id: string }[] }>(url, `/series?limit=500&page=${page}`);
    if (found.items.length === 0) break;
    seriesIds.push(...found.items.map((series) => series.id));
  }
  const pick = <T>(from: readonly T[], count: number): T[] => {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, from.length)) chosen.add(from[Math.floor(next() * from.length)]!);
    return [...chosen];
  };
  const collectionIds: string[] = [];
  await inParallel(
    Array.from({ length: options.collections }, (_, i) => i),
    async (i) => {
      const created = await send(url, owner, 'POST', '/collections', {
        name: `Collection ${String(i).padStart(4, '0')}`,
        ordered: i % 2 === 0,
        series_ids: pick(seriesIds, 5 + Math.floor(next() * 45)),
      });
      collectionIds.push(created.id);
    },
  );
  const readingListIds: string[] = [];
  let longestListId = '';
  await inParallel(
    Array.from({ length: options.readingLists }, (_, i) => i),
    async (i) => {
      const size = i === 0 ? options.maxBooks : 20 + Math.floor(next() * (options.maxBooks - 20));
      const created = await send(url, owner, 'POST', '/reading-lists', {
        name: `Reading list ${String(i).padStart(4, '0')}`,
        book_ids: pick(bookIds, size),
      });
      await send(url, owner, 'PUT', `/reading-lists/${created.id}/sharing`, { shared: true });
      if (i === 0) longestListId = created.id;
      readingListIds.push(created.id);
    },
  );
  return { collectionIds, readingListIds, longestListId };
}
