import type { CollectionService } from '../../services/collection.service.js';
import { pageDto, seriesItemDto, type CoverPaths } from '../dto.js';
import { bodyOf, queryOf, type OperationRouter } from '../operation-router.js';
import { collectionDto, collectionItemDto } from '../shelf-dto.js';
import { collectionInput } from '../shelf-inputs.js';

export function collectionRoutes(routes: OperationRouter, collections: CollectionService, covers: CoverPaths): void {
  routes.handle('listCollections', async (req, res) => {
    const params = queryOf<'listCollections', 'page' | 'limit'>(req, 'listCollections');
    const result = await collections.page(params.series_id, params.page, params.limit);
    const items = result.items.map((item) => collectionItemDto(item, req.baseUrl, covers));
    res.json(pageDto(items, result.total, params.page, params.limit));
  });

  routes.handle('createCollection', async (req, res) => {
    const body = bodyOf(req, 'createCollection');
    const created = await collections.create({ ...collectionInput(body), name: body.name });
    res.status(201).json(collectionDto(created, req.baseUrl, covers));
  });

  routes.handle('getCollection', async (req, res) => {
    res.json(collectionDto(await collections.get(String(req.params.collection_id)), req.baseUrl, covers));
  });

  routes.handle('updateCollection', async (req, res) => {
    const input = collectionInput(bodyOf(req, 'updateCollection'));
    const updated = await collections.update(String(req.params.collection_id), input);
    res.json(collectionDto(updated, req.baseUrl, covers));
  });

  routes.handle('deleteCollection', async (req, res) => {
    await collections.delete(String(req.params.collection_id));
    res.status(204).end();
  });

  routes.handle('listCollectionSeries', async (req, res) => {
    const params = queryOf<'listCollectionSeries', 'page' | 'limit'>(req, 'listCollectionSeries');
    const result = await collections.seriesPage(String(req.params.collection_id), params.page, params.limit);
    const items = result.items.map((item) => seriesItemDto(item, req.baseUrl, covers));
    res.json(pageDto(items, result.total, params.page, params.limit));
  });
}
