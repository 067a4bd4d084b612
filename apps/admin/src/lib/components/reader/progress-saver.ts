import { createThrottledSaver, type SaverClock, type ThrottledSaver } from '../../throttled-saver.js';

export type { SaverClock } from '../../throttled-saver.js';

export type ProgressUpdate = { status: 'reading'; page: number } | { status: 'read' };
export type ProgressSaver = ThrottledSaver<ProgressUpdate>;

const same = (a: ProgressUpdate, b: ProgressUpdate) =>
  a.status === b.status && (a.status === 'read' || a.page === (b as typeof a).page);

/** The comic reader's page, at most once per `intervalMs`; "read" is saved at once (see createThrottledSaver). */
export function createProgressSaver(
  save: (update: ProgressUpdate) => void,
  intervalMs = 2000,
  clock?: SaverClock,
): ProgressSaver {
  return createThrottledSaver(save, { intervalMs, same, urgent: (update) => update.status === 'read', clock });
}
