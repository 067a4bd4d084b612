import type { EntityManager } from '@mikro-orm/sql';
import { ApiToken, type TokenScope } from '../entities/api-token.entity.js';

export interface NewApiToken {
  name: string;
  scope: TokenScope;
  prefix: string;
  tokenHash: string;
  expiresAt: Date | null;
}

export class ApiTokenRepository {
  constructor(private readonly em: EntityManager) {}

  list(): Promise<ApiToken[]> {
    return this.em.find(ApiToken, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  findByPrefix(prefix: string): Promise<ApiToken | null> {
    return this.em.findOne(ApiToken, { prefix });
  }

  async create(token: NewApiToken): Promise<ApiToken> {
    const entity = this.em.create(ApiToken, token);
    await this.em.persist(entity).flush();
    return entity;
  }

  /** Returns whether a row was removed. */
  async delete(id: string): Promise<boolean> {
    return (await this.em.nativeDelete(ApiToken, { id })) > 0;
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(ApiToken, { id }, { lastUsedAt: at });
  }
}
