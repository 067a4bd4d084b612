import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { ConflictError } from '../domain/errors.js';
import { fold } from '../domain/search-text.js';
import { SavedFilter, type SavedFilterTarget } from '../entities/saved-filter.entity.js';
import { visibleSavedFilters } from './library-access.js';

export interface SavedFilterRow {
  id: string;
  ownerId: string;
  target: SavedFilterTarget;
  name: string;
  filter: Record<string, unknown>;
  sort: string | null;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SavedFilterFields {
  name?: string;
  filter?: Record<string, unknown>;
  sort?: string | null;
  shared?: boolean;
}

/** The key one owner's names are unique by (per list): folded, so "Manga" and "manga " are the same name. */
export function savedFilterNameKey(name: string): string {
  return fold(name).slice(0, 100);
}

function rowOf(entity: SavedFilter): SavedFilterRow {
  return {
    id: entity.id,
    ownerId: entity.owner.id,
    target: entity.target as SavedFilterTarget,
    name: entity.name,
    filter: entity.filter,
    sort: entity.sort ?? null,
    shared: entity.shared,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

/** Saved filters of the lists; the viewer sees their own and the shared ones (library-access.ts). */
export class SavedFilterRepository {
  constructor(private readonly em: EntityManager) {}

  async page(
    target: SavedFilterTarget | undefined,
    offset: number,
    limit: number,
  ): Promise<{ items: SavedFilterRow[]; total: number }> {
    const where = { ...visibleSavedFilters(), ...(target === undefined ? {} : { target }) };
    const [found, total] = await this.em.fork().findAndCount(SavedFilter, where, {
      orderBy: [{ sortName: 'asc' }, { id: 'asc' }],
      limit,
      offset,
    });
    return { items: found.map(rowOf), total };
  }

  /** The saved filter if the viewer may see it. */
  async visible(id: string): Promise<SavedFilterRow | null> {
    const found = await this.em.fork().findOne(SavedFilter, { $and: [{ id }, visibleSavedFilters()] });
    return found ? rowOf(found) : null;
  }

  async create(ownerId: string, target: SavedFilterTarget, fields: Required<SavedFilterFields>): Promise<string> {
    return this.unique(fields.name, async () => {
      const em = this.em.fork();
      const entity = em.create(SavedFilter, {
        owner: ownerId,
        target,
        name: fields.name,
        sortName: savedFilterNameKey(fields.name),
        filter: fields.filter,
        sort: fields.sort,
        shared: fields.shared,
      });
      await em.persist(entity).flush();
      return entity.id;
    });
  }

  async update(id: string, fields: SavedFilterFields): Promise<void> {
    const name = fields.name;
    await this.unique(name ?? '', async () => {
      const em = this.em.fork();
      const entity = await em.findOneOrFail(SavedFilter, { id });
      em.assign(entity, {
        ...fields,
        ...(name === undefined ? {} : { sortName: savedFilterNameKey(name) }),
        updatedAt: new Date(),
      });
      await em.flush();
    });
  }

  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(SavedFilter, { id });
  }

  /** The owner's names are unique per list (a unique index, so two saves at once cannot both take one). */
  private async unique<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new ConflictError(`A saved filter of this list is already named “${name}”.`);
      throw error;
    }
  }
}
