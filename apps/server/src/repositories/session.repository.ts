import type { EntityManager } from '@mikro-orm/sql';
import { Session } from '../entities/session.entity.js';
import type { User } from '../entities/user.entity.js';

export class SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async create(user: User, tokenHash: string, expiresAt: Date): Promise<Session> {
    const session = this.em.create(Session, { user, tokenHash, expiresAt, lastSeenAt: new Date() });
    await this.em.persist(session).flush();
    return session;
  }

  async extend(sessionId: string, now: Date, expiresAt: Date): Promise<void> {
    await this.em.nativeUpdate(Session, { id: sessionId }, { lastSeenAt: now, expiresAt });
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.em.nativeDelete(Session, { tokenHash });
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.em.nativeDelete(Session, { expiresAt: { $lte: now } });
  }
}
