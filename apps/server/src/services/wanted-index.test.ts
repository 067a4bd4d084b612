import { describe, expect, it } from 'vitest';
import type { WantedRow } from '../repositories/wanted.repository.js';
import { WantedIndex } from './wanted-index.js';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

function row(seriesId: string, volume: number, lastGrab: WantedRow['lastGrab'] = null): WantedRow {
  return {
    seriesId,
    seriesName: seriesId,
    libraryId: 'lib',
    seriesStatus: null,
    volume,
    title: null,
    lastGrab,
  };
}

const grab = (status: 'grabbed' | 'imported' | 'failed', hoursAgo: number) => ({
  id: `${status}-${hoursAgo}`,
  status,
  at: new Date(NOW - hoursAgo * HOUR),
});

describe('WantedIndex', () => {
  const rows = [
    row('a', 1),
    row('a', 2, grab('grabbed', 1)),
    row('a', 3, grab('imported', 5)),
    row('b', 1, grab('grabbed', 80)),
    row('b', 2, grab('failed', 2)),
    row('c', 7),
  ];
  const index = new WantedIndex(rows, NOW, 72 * HOUR);
  const label = (items: { seriesId: string; volume: number }[]) => items.map((v) => `${v.seriesId}${v.volume}`);

  it('selects the volumes of the series given, in the list order, per status', () => {
    const selection = index.select(['c', 'a']);
    expect(label(index.page(selection, undefined, 1, 50).items)).toEqual(['a1', 'a2', 'a3', 'c7']);
    expect(label(index.page(selection, 'missing', 1, 50).items)).toEqual(['a1', 'c7']);
    expect(label(index.page(selection, 'grabbed', 1, 50).items)).toEqual(['a2']);
    expect(label(index.page(selection, 'imported', 1, 50).items)).toEqual(['a3']);
    expect(index.page(index.select([]), undefined, 1, 50)).toEqual({ items: [], total: 0 });
  });

  it('pages a selection with the total of its status', () => {
    const selection = index.select(['a', 'b', 'c']);
    expect(index.page(selection, undefined, 2, 4)).toMatchObject({ total: 6 });
    expect(label(index.page(selection, undefined, 2, 4).items)).toEqual(['b2', 'c7']);
    expect(label(index.page(selection, 'missing', 2, 2).items)).toEqual(['b2', 'c7']);
    expect(index.page(selection, 'missing', 2, 2).total).toBe(4);
    expect(index.page(selection, undefined, 9, 4).items).toEqual([]);
  });

  it('says an unnoticed expired grab leaves its volume missing, and holds its statuses until the next grab expires', () => {
    const b1 = index.volumes.find((v) => v.seriesId === 'b' && v.volume === 1)!;
    expect(b1).toMatchObject({ status: 'missing', lastGrab: { status: 'expired' } });
    // a2 was grabbed an hour ago: it turns expired 71 hours from now.
    expect(index.statusesHoldUntil).toBe(NOW + 71 * HOUR);
    expect(new WantedIndex([row('a', 1)], NOW, HOUR).statusesHoldUntil).toBe(Infinity);
  });
});
