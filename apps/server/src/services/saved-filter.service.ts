import { ForbiddenError, NoReaderError, NotFoundError } from '../domain/errors.js';
import type { SavedFilterTarget } from '../entities/saved-filter.entity.js';
import type { SavedFilterRepository, SavedFilterRow } from '../repositories/saved-filter.repository.js';
import { currentViewer } from './viewer-context.js';

/**
 * Checks a filter and sort against the list operation they are for, and answers the filter as that operation reads
 * it; a ValidationError (400) names each wrong parameter. Built from openapi.yaml (http/list-filters.ts).
 */
export type ListFilterCheck = (
  target: SavedFilterTarget,
  filter: Record<string, unknown>,
  sort: string | null,
) => Record<string, unknown>;

export interface SavedFilterView extends SavedFilterRow {
  /** Whether the viewer owns it. */
  mine: boolean;
}

export interface SavedFilterInput {
  name?: string;
  filter?: Record<string, unknown>;
  sort?: string | null;
  shared?: boolean;
}

/**
 * Saved filters: each user keeps their own; an admin may share one with everyone. Who sees one is decided with the
 * library access (repositories/library-access.ts); who may change one here: its owner, and an admin a shared one.
 * A saved filter is parameters only: applying it is the list operation, under the viewer's library access.
 */
export class SavedFilterService {
  constructor(
    private readonly filters: SavedFilterRepository,
    private readonly check: ListFilterCheck,
  ) {}

  async page(target: SavedFilterTarget | undefined, page: number, limit: number) {
    const { items, total } = await this.filters.page(target, (page - 1) * limit, limit);
    return { items: items.map((row) => this.view(row)), total };
  }

  async get(id: string): Promise<SavedFilterView> {
    const row = await this.filters.visible(id);
    if (!row) throw new NotFoundError('Saved filter', id);
    return this.view(row);
  }

  async create(input: SavedFilterInput & { name: string; target: SavedFilterTarget; filter: Record<string, unknown> }) {
    const { userId } = currentViewer();
    if (userId === null) throw new NoReaderError();
    this.mayShare(input.shared);
    const sort = input.sort ?? null;
    const filter = this.check(input.target, input.filter, sort);
    const id = await this.filters.create(userId, input.target, {
      name: input.name.trim(),
      filter,
      sort,
      shared: input.shared ?? false,
    });
    return this.get(id);
  }

  async update(id: string, input: SavedFilterInput): Promise<SavedFilterView> {
    const row = await this.changeable(id);
    this.mayShare(input.shared);
    const changes: SavedFilterInput = { ...input };
    if (input.filter !== undefined || input.sort !== undefined) {
      const sort = input.sort === undefined ? row.sort : input.sort;
      changes.filter = this.check(row.target, input.filter ?? row.filter, sort);
    }
    if (input.name !== undefined) changes.name = input.name.trim();
    await this.filters.update(id, changes);
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    await this.changeable(id);
    await this.filters.delete(id);
  }

  /** Only an admin shares: a reader asking to is refused, even for their own filter. */
  private mayShare(shared: boolean | undefined): void {
    if (shared === true && currentViewer().role !== 'admin')
      throw new ForbiddenError('Only an administrator shares a saved filter with everyone.');
  }

  /** A filter the viewer may change: their own, or (an admin) a shared one; else 403, or 404 if they cannot see it. */
  private async changeable(id: string): Promise<SavedFilterRow> {
    const row = await this.filters.visible(id);
    if (!row) throw new NotFoundError('Saved filter', id);
    const viewer = currentViewer();
    if (row.ownerId !== viewer.userId && viewer.role !== 'admin')
      throw new ForbiddenError('Only its owner or an administrator changes a shared saved filter.');
    return row;
  }

  private view(row: SavedFilterRow): SavedFilterView {
    return { ...row, mine: row.ownerId === currentViewer().userId };
  }
}
