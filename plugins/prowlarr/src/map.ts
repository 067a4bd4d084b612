import type { Release } from '@shelfmark/plugin-sdk';
import { toRfc3339 } from './dates.js';
import { redactSecret } from './redact.js';

/**
 * Pure mapping of Prowlarr's `ReleaseResource` (GET /api/v1/search) and `IndexerResource` (GET /api/v1/indexer) to
 * SDK records. Everything arrives as `unknown`: Prowlarr aggregates many indexers, and their fields are often absent.
 */

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** `size` is not nullable in Prowlarr's API, so a release whose indexer gave no size arrives with 0. */
function size(value: unknown): number | null {
  const bytes = count(value);
  return bytes === null || bytes === 0 ? null : bytes;
}

function protocol(value: unknown): Release['protocol'] {
  const name = text(value)?.toLowerCase();
  return name === 'torrent' || name === 'usenet' ? name : 'unknown';
}

function httpLink(value: unknown): string | null {
  const candidate = text(value);
  if (candidate === null) return null;
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}

/** Only the release's own ids; `subCategories` describe Prowlarr's category tree, not the release. */
function categoryIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = new Set<number>();
  for (const category of value) {
    if (!isRecord(category)) continue;
    const id = count(category.id);
    if (id !== null && id > 0) ids.add(id);
  }
  return [...ids];
}

/**
 * One release, or null when it has no title (nothing to show nor to parse volumes from).
 *
 * Prowlarr's `downloadUrl` is its own proxy link and carries the API key in the query string
 * (`/{indexerId}/download?apikey=…&link=…`); the key is removed so that it never leaves the server, and whoever
 * fetches the link sends it as the `X-Api-Key` header instead.
 */
export function mapRelease(raw: unknown, apiKey: string): Release | null {
  if (!isRecord(raw)) return null;
  const title = text(raw.title);
  if (title === null) return null;

  // The SDK's Release holds http(s) links only: a bare magnet link stays out, Prowlarr's proxied magnet link is kept.
  const downloadUrl = redactSecret(httpLink(raw.downloadUrl) ?? httpLink(raw.magnetUrl), apiKey);
  const infoUrl = redactSecret(httpLink(raw.infoUrl) ?? httpLink(raw.commentUrl), apiKey);
  const indexerId = count(raw.indexerId);
  // Prowlarr's own guid, untouched (the `guid` above may be rewritten for display), goes in the opaque data that a
  // grab hands back. One that holds the key stays out, even of the opaque data: the key never leaves the plugin, and
  // such a release cannot be grabbed from here (Prowlarr's own guids are the indexers' links, never holding it).
  const prowlarrGuid =
    typeof raw.guid === 'string' && raw.guid !== '' && (apiKey === '' || !raw.guid.includes(apiKey)) ? raw.guid : null;
  const guid =
    redactSecret(text(raw.guid), apiKey) ?? infoUrl ?? downloadUrl ?? `prowlarr:${indexerId ?? 'unknown'}:${title}`;

  return {
    guid,
    title,
    sizeBytes: size(raw.size),
    indexer: text(raw.indexer),
    protocol: protocol(raw.protocol),
    seeders: count(raw.seeders),
    leechers: count(raw.leechers),
    publishDate: toRfc3339(raw.publishDate),
    downloadUrl,
    infoUrl,
    categories: categoryIds(raw.categories),
    // What POST /api/v1/search needs to grab it: Prowlarr finds the release in its cache by indexer id and guid.
    ...(prowlarrGuid !== null && indexerId !== null && indexerId > 0
      ? { indexerData: { guid: prowlarrGuid, indexerId } }
      : {}),
  };
}

/**
 * The search answer: null when it is not a JSON array (not a Prowlarr search answer at all). Releases keep Prowlarr's
 * order; a guid seen twice (the same release through two routes) is kept once.
 */
export function mapReleases(body: unknown, apiKey: string): Release[] | null {
  if (!Array.isArray(body)) return null;
  const seen = new Set<string>();
  const releases: Release[] = [];
  for (const raw of body) {
    const release = mapRelease(raw, apiKey);
    if (release === null || seen.has(release.guid)) continue;
    seen.add(release.guid);
    releases.push(release);
  }
  return releases;
}

/**
 * Enabled indexers in an `IndexerResource[]` answer, or null when the body is not such a list. Entries must look
 * like indexers (an `id` and an `enable` flag), so another JSON API at the same path is not mistaken for Prowlarr.
 */
export function countEnabledIndexers(body: unknown): number | null {
  if (!Array.isArray(body)) return null;
  let enabled = 0;
  for (const indexer of body) {
    if (!isRecord(indexer) || typeof indexer.id !== 'number' || typeof indexer.enable !== 'boolean') return null;
    if (indexer.enable) enabled += 1;
  }
  return enabled;
}
