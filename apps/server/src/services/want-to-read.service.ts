import { NoReaderError, NotFoundError } from '../domain/errors.js';
import type { SeriesRepository, SeriesSummary } from '../repositories/series.repository.js';
import type { WantToReadRepository } from '../repositories/want-to-read.repository.js';
import { currentViewer } from './viewer-context.js';

/** Each reader's want-to-read shelf of series: their own, of the series they may see. */
export class WantToReadService {
  constructor(
    private readonly shelf: WantToReadRepository,
    private readonly series: SeriesRepository,
  ) {}

  async page(page: number, limit: number): Promise<{ items: SeriesSummary[]; total: number }> {
    const { userId } = currentViewer();
    if (userId === null) return { items: [], total: 0 };
    const { ids, total } = await this.shelf.page(userId, (page - 1) * limit, limit);
    return { items: await this.series.summaries(ids), total };
  }

  async add(seriesId: string): Promise<void> {
    await this.shelf.add(await this.reader(seriesId), seriesId);
  }

  async remove(seriesId: string): Promise<void> {
    await this.shelf.remove(await this.reader(seriesId), seriesId);
  }

  /** The caller's user, once the series is known to be one they may see (else a 404, as for any other series). */
  private async reader(seriesId: string): Promise<string> {
    if (!(await this.series.findById(seriesId))) throw new NotFoundError('Series', seriesId);
    const { userId } = currentViewer();
    if (userId === null) throw new NoReaderError();
    return userId;
  }
}
