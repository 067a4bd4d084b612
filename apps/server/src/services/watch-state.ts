import type { Library } from '../entities/library.entity.js';
import type { WatchMode } from '../entities/watch-lease.entity.js';
import { NO_WATCHER, WATCHING_OFF, type ReportedWatchReason } from '../domain/watch-reasons.js';

/** How a library is watched now, and why when that is not change events. */
export interface WatchState {
  mode: WatchMode;
  reason: ReportedWatchReason | null;
}

/** A library's watch lease as stored: who holds it, until when, and the mode the holder reported. */
export interface WatchLeaseRow {
  libraryId: string;
  holder: string;
  expiresAtMs: number;
  mode: WatchMode;
  reason: ReportedWatchReason | null;
}

export interface WatchStateSource {
  leases(libraryIds: string[]): Promise<Map<string, WatchLeaseRow>>;
}

/**
 * What the API reports: the setting when it is `off`; otherwise what the lease holder wrote, as long as its lease
 * is alive (a holder that died says nothing about the present).
 */
export function watchStates(
  libraries: readonly Pick<Library, 'id' | 'watch'>[],
  leases: ReadonlyMap<string, WatchLeaseRow>,
  nowMs: number,
): Map<string, WatchState> {
  const states = new Map<string, WatchState>();
  for (const library of libraries) {
    const lease = leases.get(library.id);
    if (library.watch === 'off') states.set(library.id, { mode: 'off', reason: WATCHING_OFF });
    else if (!lease || lease.expiresAtMs < nowMs) states.set(library.id, { mode: 'off', reason: NO_WATCHER });
    else states.set(library.id, { mode: lease.mode, reason: lease.reason });
  }
  return states;
}
