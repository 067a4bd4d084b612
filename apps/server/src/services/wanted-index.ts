import { volumeStatusAt, WANTED_STATUSES, type WantedStatus } from '../domain/wanted-volumes.js';
import type { WantedRow } from '../repositories/wanted.repository.js';

export interface WantedVolume extends WantedRow {
  status: WantedStatus;
}

/** What one filter selects for one viewer: positions in the index, in the list's order, in all and per status. */
export interface WantedSelection {
  all: Uint32Array;
  byStatus: Record<WantedStatus, Uint32Array>;
}

/**
 * Every missing volume of every series, in the list's order (series, then volume), with its status as of when it was
 * built. A viewer's filtered list is a selection of positions (4 bytes a volume), so a page is a slice of it whatever
 * the filter: no filter of 10k rows per request, and one copy of the rows for every viewer.
 */
export class WantedIndex {
  readonly volumes: readonly WantedVolume[];
  /** When the first grab still `grabbed` turns expired: the statuses hold until then. */
  readonly statusesHoldUntil: number;

  constructor(rows: readonly WantedRow[], now: number, grabExpiryMs: number) {
    let holdUntil = Infinity;
    this.volumes = rows.map((row) => {
      const state = volumeStatusAt(row.lastGrab, now, grabExpiryMs);
      if (state.lastGrab?.status === 'grabbed') {
        holdUntil = Math.min(holdUntil, state.lastGrab.at.getTime() + grabExpiryMs);
      }
      return { ...row, ...state };
    });
    this.statusesHoldUntil = holdUntil;
  }

  /** The volumes of the given series (those a viewer may see under a filter). */
  select(seriesIds: Iterable<string>): WantedSelection {
    const wanted = new Set(seriesIds);
    const all: number[] = [];
    const byStatus = Object.fromEntries(WANTED_STATUSES.map((status) => [status, [] as number[]])) as Record<
      WantedStatus,
      number[]
    >;
    this.volumes.forEach((volume, position) => {
      if (!wanted.has(volume.seriesId)) return;
      all.push(position);
      byStatus[volume.status].push(position);
    });
    return {
      all: Uint32Array.from(all),
      byStatus: Object.fromEntries(
        WANTED_STATUSES.map((status) => [status, Uint32Array.from(byStatus[status])]),
      ) as Record<WantedStatus, Uint32Array>,
    };
  }

  page(
    selection: WantedSelection,
    status: WantedStatus | undefined,
    page: number,
    limit: number,
  ): { items: WantedVolume[]; total: number } {
    const positions = status === undefined ? selection.all : selection.byStatus[status];
    const start = (page - 1) * limit;
    const items = [...positions.subarray(start, start + limit)].map((position) => this.volumes[position]!);
    return { items, total: positions.length };
  }
}
