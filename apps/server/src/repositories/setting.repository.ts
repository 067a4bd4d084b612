import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { Setting } from '../entities/setting.entity.js';

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
