import type { BookService } from '../../services/book.service.js';
import { bookDetailsDto, bookDto, pageDto, readingProgressDto } from '../dto.js';
import { bookEdit, metadataFilters } from '../request-inputs.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';

export function bookRoutes(routes: OperationRouter, books: BookService): void {
  routes.handle('listBooks', async (req, res) => {
    const params = queryOf<'listBooks', 'page' | 'limit' | 'sort'>(req, 'listBooks');
    const result = await books.page(
      {
        q: params.q,
        libraryId: params.library_id,
        series: params.series,
        readingStatus: params.reading_status,
        format: params.format,
        parseStatus: params.parse_status,
        ...metadataFilters(params),
      },
      params.sort,
      params.page,
      params.limit,
    );
    res.json(
      pageDto(
        result.items.map((book) => bookDto(book, req.baseUrl)),
        result.total,
        params.page,
        params.limit,
      ),
    );
  });

  // Before getBook, as on-deck.
  routes.handle('listBookFacets', async (req, res) => {
    const params = queryOf<'listBookFacets'>(req, 'listBookFacets');
    res.json(
      await books.facets(
        {
          q: params.q,
          libraryId: params.library_id,
          series: params.series,
          readingStatus: params.reading_status,
          format: params.format,
          parseStatus: params.parse_status,
          ...metadataFilters(params),
        },
        params.facet,
      ),
    );
  });

  // Before getBook: Express would take `on-deck` for a book id.
  routes.handle('listOnDeckBooks', async (req, res) => {
    const params = queryOf<'listOnDeckBooks', 'page' | 'limit'>(req, 'listOnDeckBooks');
    const result = await books.onDeck(params.library_id, params.page, params.limit);
    res.json(
      pageDto(
        result.items.map((book) => bookDto(book, req.baseUrl)),
        result.total,
        params.page,
        params.limit,
      ),
    );
  });

  routes.handle('getBook', async (req, res) => {
    res.json(bookDetailsDto(await books.get(String(req.params.book_id)), req.baseUrl));
  });

  routes.handle('updateBook', async (req, res) => {
    const updated = await books.update(String(req.params.book_id), bookEdit(bodyOf(req, 'updateBook')));
    res.json(bookDetailsDto(updated, req.baseUrl));
  });

  routes.handle('setBookProgress', async (req, res) => {
    const body = bodyOf(req, 'setBookProgress');
    const progress = await books.setProgress(String(req.params.book_id), {
      status: body.status,
      currentPage: body.current_page,
      position: body.position,
      percentage: body.percentage,
    });
    res.json(readingProgressDto(progress));
  });
}
