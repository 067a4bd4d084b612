import type { EntityManager } from '@mikro-orm/sql';

/** Status mappings and the series statuses they normalise. (Being written: see the status-mapping helper's task.) */
export class StatusMappingRepository {
  constructor(private readonly em: EntityManager) {}
}
