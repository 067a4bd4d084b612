import type { EntityManager } from '@mikro-orm/sql';
import { User, type UiLocale, type UiTheme } from '../entities/user.entity.js';

export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  count(): Promise<number> {
    return this.em.count(User, {});
  }

  /** The oldest user: the first admin, whom the bootstrap token acts as. Null while no user exists. */
  async firstUserId(): Promise<string | null> {
    const [first] = await this.em.find(
      User,
      {},
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 1, fields: ['id'] },
    );
    return first?.id ?? null;
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

  /** Changes the preferences given (a field left undefined keeps its value). */
  async setPreferences(user: User, preferences: { locale?: UiLocale; theme?: UiTheme }): Promise<User> {
    if (preferences.locale !== undefined) user.locale = preferences.locale;
    if (preferences.theme !== undefined) user.theme = preferences.theme;
    await this.em.flush();
    return user;
  }
}
