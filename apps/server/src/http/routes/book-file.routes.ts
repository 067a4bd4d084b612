import type { BookFileService } from '../../services/book-file.service.js';
import type { BookPagesService } from '../../services/book-pages.service.js';
import { bookPagesDto } from '../dto.js';
import { queryOf, type OperationRouter } from '../operation-router.js';

export function bookFileRoutes(routes: OperationRouter, files: BookFileService, pages: BookPagesService): void {
  routes.handle('downloadBookFile', async (req, res, next) => {
    const file = await files.locate(String(req.params.book_id));
    res.attachment(file.fileName);
    res.type(file.contentType);
    // send (under res.sendFile) answers Range requests with 206/416 and handles conditional GETs.
    res.sendFile(file.absolute, { dotfiles: 'allow', acceptRanges: true, lastModified: true }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });

  routes.handle('getBookPages', async (req, res) => {
    res.json(bookPagesDto(await pages.list(String(req.params.book_id))));
  });

  routes.handle('getBookPage', async (req, res) => {
    const { width } = queryOf(req, 'getBookPage');
    const image = await files.page(String(req.params.book_id), Number(req.params.page), width);
    res.type(image.mediaType).set('Cache-Control', 'private, max-age=86400').send(image.data);
  });

  routes.handle('getBookThumbnail', async (req, res, next) => {
    const thumbnail = await files.thumbnail(String(req.params.book_id));
    res.type('image/jpeg').set('Cache-Control', 'private, max-age=86400');
    res.sendFile(thumbnail, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
}
