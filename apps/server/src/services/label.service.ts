import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { LabelRepository, LabelRow } from '../repositories/label.repository.js';

/**
 * Labels on series, as the admin manages them from the series edit dialog and the selection bar (issue 39). A label
 * is made the first time it is put on a series and kept afterwards: users' restrictions may name it.
 */
export class LabelService {
  constructor(private readonly labels: LabelRepository) {}

  list(): Promise<LabelRow[]> {
    return this.labels.list();
  }

  async ofSeries(seriesId: string): Promise<string[]> {
    await this.existing(seriesId);
    return this.labels.ofSeries(seriesId);
  }

  async setOfSeries(seriesId: string, names: readonly string[]): Promise<string[]> {
    await this.existing(seriesId);
    await this.labels.edit([seriesId], { add: unique(names), remove: [], only: true });
    return this.labels.ofSeries(seriesId);
  }

  /** The selection bar's bulk edit; answers how many of the series named exist (and were edited). */
  async edit(seriesIds: readonly string[], add: readonly string[], remove: readonly string[]): Promise<number> {
    const both = add.filter((name) => remove.includes(name));
    if (both.length > 0) throw new ValidationError(`A label cannot be both added and removed: ${both.join(', ')}.`);
    const existing = await this.labels.existingSeries(unique(seriesIds));
    await this.labels.edit(existing, { add: unique(add), remove: unique(remove) });
    return existing.length;
  }

  private async existing(seriesId: string): Promise<void> {
    const [found] = await this.labels.existingSeries([seriesId]);
    if (!found) throw new NotFoundError('Series', seriesId);
  }
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];
