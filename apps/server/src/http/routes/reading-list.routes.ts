import type { ReadingListService } from '../../services/reading-list.service.js';
import type { WantToReadService } from '../../services/want-to-read.service.js';
import { bookDto, pageDto, seriesItemDto, type CoverPaths } from '../dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';
import { cblImportReportDto, readingListDto, readingListItemDto } from '../shelf-dto.js';
import { readingListInput } from '../shelf-inputs.js';
import { stagedFile } from '../uploads.js';

export function readingListRoutes(
  routes: OperationRouter,
  lists: ReadingListService,
  wantToRead: WantToReadService,
  covers: CoverPaths,
): void {
  const listId = (params: Record<string, unknown>) => String(params.reading_list_id);

  routes.handle('listReadingLists', async (req, res) => {
    const params = queryOf<'listReadingLists', 'page' | 'limit'>(req, 'listReadingLists');
    const result = await lists.page(params.page, params.limit);
    const items = result.items.map((item) => readingListItemDto(item, req.baseUrl));
    res.json(pageDto(items, result.total, params.page, params.limit));
  });

  routes.handle('createReadingList', async (req, res) => {
    const body = bodyOf(req, 'createReadingList');
    const created = await lists.create({ ...readingListInput(body), name: body.name });
    res.status(201).json(readingListDto(created, req.baseUrl));
  });

  routes.handle('importReadingList', async (req, res) => {
    const { list, report } = await lists.importCbl(stagedFile(req, 'file'));
    res.status(201).json({ ...readingListDto(list, req.baseUrl), import_report: cblImportReportDto(report) });
  });

  routes.handle('getReadingListImportReport', async (req, res) => {
    res.json(cblImportReportDto(await lists.importReport(listId(req.params))));
  });

  routes.handle('matchReadingListImportAgain', async (req, res) => {
    res.json(cblImportReportDto(await lists.matchAgain(listId(req.params))));
  });

  routes.handle('chooseReadingListImportCandidate', async (req, res) => {
    const { book_id } = bodyOf(req, 'chooseReadingListImportCandidate');
    const report = await lists.chooseCandidate(listId(req.params), Number(req.params.entry_index), book_id);
    res.json(cblImportReportDto(report));
  });

  routes.handle('exportReadingList', async (req, res) => {
    const { name, cbl } = await lists.exportCbl(listId(req.params));
    // The name is the user's: no path separator, reserved or control character reaches the saved file's name.
    const safe = [...name].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('');
    res.attachment(`${safe}.cbl`);
    res.type('application/xml').send(cbl);
  });

  routes.handle('getReadingList', async (req, res) => {
    res.json(readingListDto(await lists.get(listId(req.params)), req.baseUrl));
  });

  routes.handle('updateReadingList', async (req, res) => {
    const input = readingListInput(bodyOf(req, 'updateReadingList'));
    res.json(readingListDto(await lists.update(listId(req.params), input), req.baseUrl));
  });

  routes.handle('shareReadingList', async (req, res) => {
    const { shared } = bodyOf(req, 'shareReadingList');
    res.json(readingListDto(await lists.share(listId(req.params), shared), req.baseUrl));
  });

  routes.handle('deleteReadingList', async (req, res) => {
    await lists.delete(listId(req.params));
    res.status(204).end();
  });

  routes.handle('listReadingListBooks', async (req, res) => {
    const params = queryOf<'listReadingListBooks', 'page' | 'limit'>(req, 'listReadingListBooks');
    const result = await lists.booksPage(listId(req.params), params.page, params.limit);
    const items = result.items.map((book) => bookDto(book, req.baseUrl));
    res.json(pageDto(items, result.total, params.page, params.limit));
  });

  routes.handle('listWantToRead', async (req, res) => {
    const params = queryOf<'listWantToRead', 'page' | 'limit'>(req, 'listWantToRead');
    const result = await wantToRead.page(params.page, params.limit);
    const items = result.items.map((item) => seriesItemDto(item, req.baseUrl, covers));
    res.json(pageDto(items, result.total, params.page, params.limit));
  });

  routes.handle('addWantToRead', async (req, res) => {
    await wantToRead.add(String(req.params.series_id));
    res.status(204).end();
  });

  routes.handle('removeWantToRead', async (req, res) => {
    await wantToRead.remove(String(req.params.series_id));
    res.status(204).end();
  });
}
