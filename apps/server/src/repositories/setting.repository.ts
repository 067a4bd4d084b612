import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { Setting } from '../entities/setting.entity.js';
import { WatchRepository } from './watch.repository.js';

export class SettingRepository {
  constructor(private readonly em: EntityManager) {}

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.em.findOne(Setting, { key });
    return row === null ? undefined : (row.value as T);
  }

  async put(key: string, value: unknown): Promise<void> {
    await this.em.upsert(Setting, { key, value, updatedAt: new Date() });
  }

  /**
   * Stores the import folders and, in the same transaction, deletes the lease of every folder that is not one of
   * them now (`kept`: their canonical paths, as the leases name them): a folder taken out of the list leaves no row.
   */
  async putImportFolders(key: string, folders: string[], kept: readonly string[]): Promise<void> {
    await this.em.transactional(async (em) => {
      await em.upsert(Setting, { key, value: folders, updatedAt: new Date() });
      await new WatchRepository(em).deleteImportFolderLeasesExcept(kept);
    });
  }

  /**
   * Inserts the key only if it is absent, atomically on both databases: the primary key makes a
   * second concurrent claim fail. Returns whether this call claimed it.
   */
  async claim(key: string, value: unknown): Promise<boolean> {
    try {
      await this.em.insert(Setting, { key, value, updatedAt: new Date() });
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }
}
