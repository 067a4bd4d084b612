import type { TranslationFunctions } from '../../../i18n/i18n-types.js';
import type { Job } from './types.js';

/**
 * The counts line of a running job, in words: a scan says what it is doing (listing its folders, reading files,
 * making covers), since its count starts again at each stage; other jobs say how far they got. `format` writes a
 * number in the page's language.
 */
export function progressCounts(
  LL: TranslationFunctions,
  progress: Job['progress'],
  format: (value: number) => string,
): string {
  const { processed, total, stage } = progress;
  if (stage === 'listing') return LL.jobs.stage.listing();
  if (total) {
    const counts = { processed: format(processed), total: format(total) };
    return stage ? LL.jobs.stage[stage](counts) : LL.jobs.progress.counts(counts);
  }
  return processed > 0 ? LL.jobs.progress.processed({ processed: format(processed) }) : LL.jobs.progress.counting();
}
