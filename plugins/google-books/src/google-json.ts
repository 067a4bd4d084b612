import { BadResponseError } from '@shelfmark/plugin-sdk';

/**
 * The parts of a Google Books `volume` resource this plugin reads, checked and flattened. Google omits any field it
 * does not know, so everything but the id and title is optional.
 */
export interface GoogleVolume {
  id: string;
  title: string;
  subtitle: string | null;
  authors: string[];
  publisher: string | null;
  publishedDate: string | null;
  description: string | null;
  industryIdentifiers: { type: string; identifier: string }[];
  pageCount: number | null;
  categories: string[];
  language: string | null;
  thumbnail: string | null;
  smallThumbnail: string | null;
  /** `seriesInfo.title`, which some answers carry; the real API usually only has ids and numbers. */
  seriesTitle: string | null;
  /** `seriesInfo.bookDisplayNumber`, else `seriesInfo.volumeSeries[0].orderNumber`: the service's own numbering. */
  seriesNumber: string | null;
}

export interface GoogleVolumeList {
  /** Google's estimate of all hits; only used as a stop condition when paging. */
  totalItems: number;
  volumes: GoogleVolume[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function texts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(text).filter((item): item is string => item !== null);
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function identifiers(value: unknown): { type: string; identifier: string }[] {
  if (!Array.isArray(value)) return [];
  const result: { type: string; identifier: string }[] = [];
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const type = text(entry.type);
    const identifier = text(entry.identifier);
    if (type !== null && identifier !== null) result.push({ type, identifier });
  }
  return result;
}

function seriesNumber(seriesInfo: JsonObject): string | null {
  const display = text(seriesInfo.bookDisplayNumber);
  if (display !== null) return display;
  if (!Array.isArray(seriesInfo.volumeSeries)) return null;
  const first: unknown = seriesInfo.volumeSeries[0];
  if (!isObject(first)) return null;
  const order = positiveInteger(first.orderNumber);
  return order === null ? null : String(order);
}

/** One item of a search answer or a volume answer; null when it lacks an id or a title (nothing to show then). */
export function readVolume(value: unknown): GoogleVolume | null {
  if (!isObject(value)) return null;
  const id = text(value.id);
  const info = value.volumeInfo;
  if (id === null || !isObject(info)) return null;
  const title = text(info.title);
  if (title === null) return null;
  const images = isObject(info.imageLinks) ? info.imageLinks : {};
  const seriesInfo = isObject(info.seriesInfo) ? info.seriesInfo : {};
  return {
    id,
    title,
    subtitle: text(info.subtitle),
    authors: texts(info.authors),
    publisher: text(info.publisher),
    publishedDate: text(info.publishedDate),
    description: text(info.description),
    industryIdentifiers: identifiers(info.industryIdentifiers),
    pageCount: positiveInteger(info.pageCount),
    categories: texts(info.categories),
    language: text(info.language),
    thumbnail: text(images.thumbnail),
    smallThumbnail: text(images.smallThumbnail),
    seriesTitle: text(seriesInfo.title),
    seriesNumber: seriesNumber(seriesInfo),
  };
}

/** `GET /books/v1/volumes?q=…`: `{ totalItems, items? }`; no `items` means no hit. */
export function readVolumeList(json: unknown): GoogleVolumeList {
  if (!isObject(json)) throw new BadResponseError('Google Books answered a search with something other than an object');
  const items = json.items;
  if (items !== undefined && !Array.isArray(items)) {
    throw new BadResponseError('Google Books answered a search whose "items" is not a list');
  }
  const volumes = (items ?? []).map(readVolume).filter((volume): volume is GoogleVolume => volume !== null);
  const totalItems = typeof json.totalItems === 'number' ? json.totalItems : volumes.length;
  return { totalItems, volumes };
}

/** `GET /books/v1/volumes/<id>`: a single volume resource. */
export function readSingleVolume(json: unknown): GoogleVolume {
  const volume = readVolume(json);
  if (volume === null) throw new BadResponseError('Google Books answered a volume without an id or a title');
  return volume;
}
