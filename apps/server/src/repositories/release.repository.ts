import type { EntityManager } from '@mikro-orm/sql';

/** What release search reads: the series and its missing volume numbers. (Being written.) */
export class ReleaseRepository {
  constructor(private readonly em: EntityManager) {}
}
