import type { EntityManager } from '@mikro-orm/sql';
import { ApiToken, type TokenScope } from '../entities/api-token.entity.js';

export interface NewApiToken {
  name: string;
  scope: TokenScope;
  prefix: string;
  tokenHash: string;
  expiresAt: Date | null;
  /** The owner; null only when the bootstrap token makes one before any user exists. */
  userId: string | null;
}

export class ApiTokenRepository {
  constructor(private readonly em: EntityManager) {}

  /** Newest first, with each owner's name; only `ownerId`'s when given. */
  list(ownerId?: string): Promise<ApiToken[]> {
    return this.em.find(ApiToken, ownerId === undefined ? {} : { user: ownerId }, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      populate: ['user'],
    });
  }

  findById(id: string): Promise<ApiToken | null> {
    return this.em.findOne(ApiToken, { id });
  }

  async create(token: NewApiToken): Promise<ApiToken> {
    const { userId, ...fields } = token;
    const entity = this.em.create(ApiToken, { ...fields, user: userId });
    await this.em.persist(entity).flush();
    await this.em.populate(entity, ['user']);
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
