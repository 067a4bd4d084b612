import { describe, expect, it } from 'vitest';
import { type EntrySnapshot, type FileState, importReadiness, isPartialName } from './import-readiness.js';

const QUIET = 300;
const takes = (path: string) => /\.(cbz|cbr|cb7|pdf|epub|jpe?g|png|webp)$/i.test(path);
const file = (path: string, size = 100, mtimeMs = 1): FileState => ({ path, size, mtimeMs });
const at = (takenAt: number, ...files: FileState[]): EntrySnapshot => ({ takenAt, files });

describe('import readiness: partial names', () => {
  it.each(['Blacksad 01.cbz.part', 'Blacksad 01.cbz.!qB', 'x.CRDOWNLOAD', 'x.cbz.tmp', '_UNPACK_Blacksad'])(
    '%s is partial',
    (name) => expect(isPartialName(name)).toBe(true),
  );
  it.each(['Blacksad 01.cbz', 'Partie 2.cbz', 'tmp.cbz', 'Unpacked.cbz', 'Counterpart.cbz'])('%s is finished', (name) =>
    expect(isPartialName(name)).toBe(false),
  );
});

describe('import readiness: the rule', () => {
  it('is ready once nothing changed for the quiet time', () => {
    const a = file('Blacksad 01.cbz', 5000, 10);
    expect(importReadiness([at(0, a), at(QUIET, a)], QUIET, takes)).toEqual({ ready: true });
  });

  it('waits while the quiet time is not over, saying how long', () => {
    const a = file('Blacksad 01.cbz', 5000, 10);
    expect(importReadiness([at(0, a), at(100, a)], QUIET, takes)).toEqual({
      ready: false,
      reason: 'changing',
      waitMs: 200,
    });
    expect(importReadiness([at(0, a)], QUIET, takes)).toMatchObject({ ready: false, waitMs: QUIET });
  });

  it('counts the quiet time from the last change: a file written slowly in pieces is not ready', () => {
    const growing = [at(0, file('a.cbz', 100, 1)), at(200, file('a.cbz', 200, 2)), at(400, file('a.cbz', 300, 3))];
    expect(importReadiness(growing, QUIET, takes)).toMatchObject({ ready: false, reason: 'changing' });
    const then = [...growing, at(600, file('a.cbz', 300, 3))];
    expect(importReadiness(then, QUIET, takes)).toMatchObject({ ready: false, waitMs: 100 });
    expect(importReadiness([...then, at(700, file('a.cbz', 300, 3))], QUIET, takes)).toEqual({ ready: true });
  });

  it('sees a change of mtime alone, and a file added to a folder', () => {
    const before = file('a.cbz', 300, 3);
    expect(importReadiness([at(0, before), at(500, file('a.cbz', 300, 4))], QUIET, takes)).toMatchObject({
      reason: 'changing',
    });
    expect(importReadiness([at(0, before), at(500, before, file('b.cbz'))], QUIET, takes)).toMatchObject({
      reason: 'changing',
    });
  });

  it('does not care in which order the files were listed', () => {
    const [a, b] = [file('a.cbz'), file('b.cbz')];
    expect(importReadiness([at(0, a, b), at(QUIET, b, a)], QUIET, takes)).toEqual({ ready: true });
  });

  it('never takes an entry with a partial name, however quiet', () => {
    const renamedLater = [at(0, file('a.cbz.part')), at(10_000, file('a.cbz.part'))];
    expect(importReadiness(renamedLater, QUIET, takes)).toMatchObject({ ready: false, reason: 'partial' });
    const unpacking = [at(0, file('_UNPACK_Saga/Saga 01.cbz')), at(10_000, file('_UNPACK_Saga/Saga 01.cbz'))];
    expect(importReadiness(unpacking, QUIET, takes)).toMatchObject({ reason: 'partial' });
    const oneLeft = [at(0, file('a.cbz'), file('b.cbz.!qB')), at(10_000, file('a.cbz'), file('b.cbz.!qB'))];
    expect(importReadiness(oneLeft, QUIET, takes)).toMatchObject({ reason: 'partial' });
  });

  it('the rename from `.part` starts the quiet time again', () => {
    const snapshots = [at(0, file('a.cbz.part', 300, 3)), at(1000, file('a.cbz', 300, 3))];
    expect(importReadiness(snapshots, QUIET, takes)).toMatchObject({ reason: 'changing', waitMs: QUIET });
  });

  it('an empty entry, or one with nothing the import takes, is not ready', () => {
    expect(importReadiness([], QUIET, takes)).toMatchObject({ reason: 'empty' });
    expect(importReadiness([at(0), at(1000)], QUIET, takes)).toMatchObject({ reason: 'empty' });
    const notes = [at(0, file('notes.nfo')), at(1000, file('notes.nfo'))];
    expect(importReadiness(notes, QUIET, takes)).toMatchObject({ reason: 'unsupported' });
  });

  it('a folder of images is taken (packed into a CBZ later)', () => {
    const pages = [file('Saga 01/001.jpg'), file('Saga 01/002.jpg')];
    expect(importReadiness([at(0, ...pages), at(QUIET, ...pages)], QUIET, takes)).toEqual({ ready: true });
  });
});
