import type { EntityManager } from '@mikro-orm/sql';
import { User, type UiLocale } from '../entities/user.entity.js';

export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  count(): Promise<number> {
    return this.em.count(User, {});
  }

  findByUsername(username: string): Promise<User | null> {
    return this.em.findOne(User, { username });
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  async create(username: string, passwordHash: string): Promise<User> {
    const user = this.em.create(User, { username, passwordHash });
    await this.em.persist(user).flush();
    return user;
  }

  async setLocale(user: User, locale: UiLocale): Promise<User> {
    user.locale = locale;
    await this.em.flush();
    return user;
  }
}
