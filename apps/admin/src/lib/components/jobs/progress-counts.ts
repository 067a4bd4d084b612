import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { Job } from './types.js';

/**
 * The counts line of a running job, in words: a scan says what it is doing (listing its folders, reading files,
 * reading files while listing its folders, making covers), since its count starts again at each stage; other jobs say how far they got. `format` writes a
 * number in the page's language.
 */
export function progressCounts(
  LL: TranslationFunctions,
  progress: { processed: number; total?: number | null; stage?: Job['progress']['stage'] },
  format: (value: number) => string,
): string {
  const { processed, total, stage } = progress;
  if (stage === 'listing') return LL.jobs.stage.listing();
  // A first scan reads files while it is still listing folders: their total is not known yet.
  if (stage === 'reading' && total == null) return LL.jobs.stage.readingWhileListing({ processed: format(processed) });
  // A stage with nothing to do (no file changed, every cover made) still says which it is.
  if (stage && total != null) return LL.jobs.stage[stage]({ processed: format(processed), total: format(total) });
  if (total) return LL.jobs.progress.counts({ processed: format(processed), total: format(total) });
  return processed > 0 ? LL.jobs.progress.processed({ processed: format(processed) }) : LL.jobs.progress.counting();
}
