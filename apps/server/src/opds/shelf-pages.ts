import type { CollectionService } from '../services/collection.service.js';
import type { ReadingListService } from '../services/reading-list.service.js';
import type { WantToReadService } from '../services/want-to-read.service.js';
import { ITEMS_PER_PAGE, page, seriesItem, stableId, type CatalogPage } from './catalog-pages.js';

/** A reading list's feed holds a long event on one page, as a series feed does. */
export const BOOKS_PER_LIST_PAGE = 200;

/**
 * Collections, reading lists and want to read as catalog documents, for both OPDS versions: what each reader sees of
 * them is the services' (their libraries' series and books only, their own and the shared lists).
 */
export class ShelfPages {
  constructor(
    private readonly collections: CollectionService,
    private readonly readingLists: ReadingListService,
    private readonly wantToRead: WantToReadService,
  ) {}

  async collectionList(pageNumber: number): Promise<CatalogPage> {
    const { items, total } = await this.collections.page(undefined, pageNumber, ITEMS_PER_PAGE);
    return page({
      id: stableId('collections'),
      title: 'Collections',
      kind: 'navigation',
      path: 'collections',
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      navigation: items.map((collection) => ({
        id: `urn:uuid:${collection.id}`,
        title: collection.name,
        path: `collections/${collection.id}`,
        target: 'navigation',
        summary: `${collection.seriesCount} series${collection.summary ? `\n\n${collection.summary}` : ''}`,
        updated: collection.updatedAt,
        count: collection.seriesCount,
        ...(collection.cover ? { coverOf: collection.cover } : {}),
      })),
    });
  }

  async collection(collectionId: string, pageNumber: number): Promise<CatalogPage> {
    const collection = await this.collections.get(collectionId);
    const { items, total } = await this.collections.seriesPage(collectionId, pageNumber, ITEMS_PER_PAGE);
    return page({
      id: `urn:uuid:${collection.id}`,
      title: collection.name,
      kind: 'navigation',
      path: `collections/${collection.id}`,
      up: 'collections',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      navigation: items.map(seriesItem),
    });
  }

  async readingListList(pageNumber: number): Promise<CatalogPage> {
    const { items, total } = await this.readingLists.page(pageNumber, ITEMS_PER_PAGE);
    return page({
      id: stableId('reading-lists'),
      title: 'Reading lists',
      kind: 'navigation',
      path: 'reading-lists',
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      navigation: items.map((list) => ({
        id: `urn:uuid:${list.id}`,
        title: list.name,
        path: `reading-lists/${list.id}`,
        target: 'acquisition',
        summary: `${list.readCount} of ${list.bookCount} read${list.summary ? `\n\n${list.summary}` : ''}`,
        updated: list.updatedAt,
        count: list.bookCount,
      })),
    });
  }

  /** A list's books in its order, with the reader's progress (PSE `lastRead` as in every acquisition feed). */
  async readingList(listId: string, pageNumber: number): Promise<CatalogPage> {
    const { list, items } = await this.readingLists.entriesPage(listId, pageNumber, BOOKS_PER_LIST_PAGE);
    return page({
      id: `urn:uuid:${list.id}`,
      title: list.name,
      kind: 'acquisition',
      path: `reading-lists/${list.id}`,
      up: 'reading-lists',
      paging: { page: pageNumber, limit: BOOKS_PER_LIST_PAGE, total: list.bookCount },
      books: items,
    });
  }

  async wantToReadList(pageNumber: number): Promise<CatalogPage> {
    const { items, total } = await this.wantToRead.page(pageNumber, ITEMS_PER_PAGE);
    return page({
      id: stableId('want-to-read'),
      title: 'Want to read',
      kind: 'navigation',
      path: 'want-to-read',
      up: '',
      paging: { page: pageNumber, limit: ITEMS_PER_PAGE, total },
      navigation: items.map(seriesItem),
    });
  }
}
