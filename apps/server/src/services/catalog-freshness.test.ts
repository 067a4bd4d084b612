import { describe, expect, it } from 'vitest';
import type { Viewer } from '../domain/viewer.js';
import type { CatalogVersion } from '../repositories/catalog-version.js';
import { CatalogFreshness } from './catalog-freshness.js';
import { runAsViewer } from './viewer-context.js';

/** A catalog version that only changes when told (the real ones are exercised by the integration tests). */
class FixedVersion implements CatalogVersion {
  value = 1;
  current = () => Promise.resolve(this.value);
  close = () => Promise.resolve();
}

const reader = (libraryIds: string[]): Viewer => ({ userId: 'u1', role: 'reader', libraryIds });
const NOW = new Date('2026-11-29T10:00:00.400Z');

function setup() {
  const version = new FixedVersion();
  let now = NOW;
  const freshness = new CatalogFreshness(version, () => now);
  return {
    version,
    tick: (ms: number) => (now = new Date(now.getTime() + ms)),
    as: (viewer: Viewer) => runAsViewer(viewer, () => freshness.current()).then((fresh) => fresh!),
  };
}

describe('CatalogFreshness', () => {
  it('keeps one date while neither the catalog nor the reader’s grants change', async () => {
    const { as, tick } = setup();
    const first = await as(reader(['a']));
    expect(first.modifiedAt).toEqual(new Date('2026-11-29T10:00:00Z'));
    expect(first.lastModified).toEqual(first.modifiedAt);
    tick(5000);
    expect((await as(reader(['a']))).modifiedAt).toEqual(first.modifiedAt);
  });

  it('moves a reader’s date past every one sent before when a grant is taken back within the same second', async () => {
    const { as, tick } = setup();
    const granted = await as(reader(['a']));
    const both = await as(reader(['a', 'b']));
    const revoked = await as(reader(['a']));
    expect(both.modifiedAt.getTime()).toBeGreaterThan(granted.modifiedAt.getTime());
    expect(revoked.modifiedAt.getTime()).toBeGreaterThan(granted.modifiedAt.getTime());
    // Ahead of the clock: no Last-Modified is sent until the clock reaches it (never a date in the future).
    expect(both.lastModified).toBeNull();
    expect(revoked.lastModified).toBeNull();
    tick(1000);
    const sent = await as(reader(['a']));
    expect(sent.modifiedAt).toEqual(revoked.modifiedAt);
    expect(sent.lastModified).toEqual(revoked.modifiedAt);
    // Granted and taken back again within this second: later than the date just sent too.
    await as(reader(['a', 'b']));
    const again = await as(reader(['a']));
    expect(again.modifiedAt.getTime()).toBe(sent.modifiedAt.getTime() + 1000);
    expect(again.lastModified).toBeNull();
  });

  it('is never more than a second ahead of the clock, however often things change within it', async () => {
    const { as, version } = setup();
    const first = await as(reader(['a']));
    for (let i = 0; i < 20; i++) {
      version.value++;
      const changed = await as(reader(i % 2 === 0 ? ['a', 'b'] : ['a']));
      expect(changed.modifiedAt.getTime()).toBe(first.modifiedAt.getTime() + 1000);
    }
  });

  it('moves it when the catalog changes, and keeps each reader’s dates apart', async () => {
    const { as, tick, version } = setup();
    const first = await as(reader(['a']));
    const other = await as({ userId: 'u2', role: 'reader', libraryIds: ['a'] });
    expect(other.modifiedAt).toEqual(first.modifiedAt);
    version.value++;
    tick(1000);
    const changed = await as(reader(['a']));
    expect(changed.modifiedAt.getTime()).toBe(first.modifiedAt.getTime() + 1000);
    expect(changed.tag).not.toBe(first.tag);
  });

  describe('across processes sharing one database (ADR 13)', () => {
    /** Two processes' memories over one catalog version and one clock, as two servers on one database are. */
    function twoProcesses() {
      const version = new FixedVersion();
      let now = NOW;
      const processes = [0, 1].map(() => new CatalogFreshness(version, () => now));
      return {
        at: (iso: string) => (now = new Date(iso)),
        as: (process: 0 | 1, viewer: Viewer) =>
          runAsViewer(viewer, () => processes[process]!.current()).then((fresh) => fresh!),
      };
    }
    const seeing = (libraryIds: string[], accessChangedAt: string | null): Viewer => ({
      ...reader(libraryIds),
      accessChangedAt: accessChangedAt === null ? null : new Date(accessChangedAt).getTime(),
    });

    it('dates a revocation past what another process sent while the library was granted, in the same second', async () => {
      const { as, at } = twoProcesses();
      // Process 1 shows the reader their catalog before the grant, and remembers it.
      const before = await as(1, seeing(['a'], null));
      expect(before.lastModified).toEqual(new Date('2026-11-29T10:00:00Z'));
      // Library b is granted at .500; process 0 sends the reader its date once the clock reaches it.
      at('2026-11-29T10:00:00.500Z');
      expect((await as(0, seeing(['a', 'b'], '2026-11-29T10:00:00.500Z'))).lastModified).toBeNull();
      at('2026-11-29T10:00:01.200Z');
      const granted = await as(0, seeing(['a', 'b'], '2026-11-29T10:00:00.500Z'));
      expect(granted.lastModified).toEqual(new Date('2026-11-29T10:00:01Z'));
      // Taken back in that same second: process 1's memory holds the very key the reader now has again.
      at('2026-11-29T10:00:01.300Z');
      const revoked = await as(1, seeing(['a'], '2026-11-29T10:00:01.300Z'));
      expect(revoked.modifiedAt.getTime()).toBeGreaterThan(granted.lastModified!.getTime());
      expect(revoked.lastModified).toBeNull();
      at('2026-11-29T10:00:02.000Z');
      expect((await as(1, seeing(['a'], '2026-11-29T10:00:01.300Z'))).lastModified).toEqual(revoked.modifiedAt);
    });

    it('does so seconds later too, in the process that saw the grant and in one that never saw the reader', async () => {
      const { as, at } = twoProcesses();
      await as(1, seeing(['a'], null));
      at('2026-11-29T10:00:03.100Z');
      const granted = await as(0, seeing(['a', 'b'], '2026-11-29T10:00:02.900Z'));
      expect(granted.lastModified).toEqual(new Date('2026-11-29T10:00:03Z'));
      at('2026-11-29T10:00:07.600Z');
      const revokedAt = '2026-11-29T10:00:07.250Z';
      for (const process of [1, 0] as const) {
        const revoked = await as(process, seeing(['a'], revokedAt));
        expect(revoked.modifiedAt).toEqual(new Date('2026-11-29T10:00:08Z'));
      }
      // A process that never showed this reader anything (just started): not earlier than the change's next second.
      const { as: fresh, at: atFresh } = twoProcesses();
      atFresh('2026-11-29T10:00:07.700Z');
      expect((await fresh(0, seeing(['a'], revokedAt))).modifiedAt).toEqual(new Date('2026-11-29T10:00:08Z'));
    });
  });

  it('refuses to answer for no viewer', async () => {
    const freshness = new CatalogFreshness(new FixedVersion(), () => NOW);
    await expect(freshness.current()).rejects.toThrow(/without a viewer/);
  });
});
