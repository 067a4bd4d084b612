import { describe, expect, it } from 'vitest';
import type { Viewer } from '../domain/viewer.js';
import type { CatalogVersion } from '../repositories/catalog-version.js';
import type { WantedFilters, WantedRepository, WantedRow } from '../repositories/wanted.repository.js';
import { runAsViewer } from './viewer-context.js';
import { WantedService } from './wanted.service.js';

/**
 * The service's remembering: what it keeps between requests and when it must read again. The queries themselves and
 * library access are tested over HTTP on both databases (test/wanted.test.ts); here the repository is a table in
 * memory, so the number of reads is visible.
 */
class TableRepository {
  rows: WantedRow[] = [];
  /** Which series each library holds, for the viewer's library access. */
  libraries = new Map<string, string>();
  reads = 0;
  selections = 0;

  everyWanted(): Promise<WantedRow[]> {
    this.reads++;
    return Promise.resolve(this.rows.map((row) => ({ ...row })));
  }

  wanted(): Promise<WantedRow[]> {
    return Promise.reject(new Error('not used while the catalog version is known'));
  }

  visibleSeriesIds(filters: WantedFilters, viewer: Viewer): Promise<string[]> {
    this.selections++;
    const ids = [...this.libraries]
      .filter(([, library]) => viewer.libraryIds === null || viewer.libraryIds.includes(library))
      .filter(
        ([series, library]) => (filters.libraryId ?? library) === library && (filters.seriesId ?? series) === series,
      )
      .map(([series]) => series);
    return Promise.resolve(ids);
  }
}

const HOUR = 3_600_000;
const admin: Viewer = { userId: 'admin', role: 'admin', libraryIds: null };
const reader: Viewer = { userId: 'reader', role: 'reader', libraryIds: ['l2'] };

function setUp(grabbedAt = new Date(), ttlMs?: number) {
  const table = new TableRepository();
  table.libraries.set('s1', 'l1').set('s2', 'l2');
  const row = (seriesId: string, volume: number): WantedRow => ({
    seriesId,
    seriesName: seriesId,
    libraryId: table.libraries.get(seriesId)!,
    seriesStatus: null,
    volume,
    title: null,
    lastGrab: null,
  });
  table.rows = [
    row('s1', 1),
    { ...row('s1', 2), lastGrab: { id: 'g', status: 'grabbed', at: grabbedAt } },
    row('s2', 4),
  ];
  let version = 1;
  const catalog: CatalogVersion = { current: () => Promise.resolve(version), close: () => Promise.resolve() };
  // The repository reads the viewer from the context; the table is given it explicitly.
  const repository = {
    everyWanted: () => table.everyWanted(),
    wanted: () => table.wanted(),
    visibleSeriesIds: (filters: WantedFilters) => table.visibleSeriesIds(filters, currentViewerOf()),
  } as unknown as WantedRepository;
  let viewer = admin;
  const currentViewerOf = () => viewer;
  const service = new WantedService(repository, catalog, 2 * HOUR, ttlMs);
  const ask = (as: Viewer, query = {}) => {
    viewer = as;
    return runAsViewer(as, () => service.page(query, 1, 50));
  };
  return { table, service, ask, bump: () => version++ };
}

describe('WantedService', () => {
  it('reads the list once per catalog version, and each viewer and filter once per list', async () => {
    const { table, ask, bump } = setUp();
    expect((await ask(admin)).total).toBe(3);
    expect((await ask(admin)).total).toBe(3);
    expect((await ask(reader)).items.map((v) => v.seriesId)).toEqual(['s2']);
    expect((await ask(admin, { status: 'grabbed' })).total).toBe(1);
    expect([table.reads, table.selections]).toEqual([1, 2]);
    expect((await ask(admin, { libraryId: 'l1' })).total).toBe(2);
    expect(table.selections).toBe(3);

    table.rows = table.rows.slice(1);
    expect((await ask(admin)).total).toBe(3);
    bump();
    expect((await ask(admin)).total).toBe(2);
    expect((await ask(reader)).total).toBe(1);
    expect([table.reads, table.selections]).toEqual([2, 5]);
  });

  it('reads again when a grab in the list expires, with no change to the catalog', async () => {
    // Grabbed 2 h less 200 ms ago: it expires while the list is remembered.
    const { table, ask } = setUp(new Date(Date.now() - 2 * HOUR + 200));
    expect((await ask(admin, { status: 'grabbed' })).total).toBe(1);
    await expect.poll(async () => (await ask(admin, { status: 'grabbed' })).total).toBe(0);
    expect((await ask(admin, { status: 'missing' })).total).toBe(3);
    expect(table.reads).toBeGreaterThanOrEqual(2);
  });

  it('answers concurrent first requests with one read', async () => {
    const { table, ask } = setUp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(admin)));
    expect(answers.every((answer) => answer.total === 3)).toBe(true);
    expect([table.reads, table.selections]).toEqual([1, 1]);
  });

  it('answers from the list it has while its staleness bound is renewed, then from the new one', async () => {
    // No staleness allowed: every request finds the list too old, as one past its 60 s does.
    const { table, ask } = setUp(new Date(), 0);
    expect((await ask(admin)).total).toBe(3);
    table.rows = table.rows.slice(1);
    // Not waiting on the read it starts: the request is answered from the list already built.
    expect((await ask(admin)).total).toBe(3);
    expect(table.reads).toBe(2);
    await expect.poll(async () => (await ask(admin)).total).toBe(2);
  });
});
