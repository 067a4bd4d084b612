import { describe, expect, it } from 'vitest';
import { dirtyFolderOf } from './dirty-paths.js';

describe('dirty folders of events', () => {
  it('are the parent of what changed', () => {
    expect(dirtyFolderOf('Astérix/Astérix T01.cbz')).toBe('Astérix');
    expect(dirtyFolderOf('loose.cbz')).toBe('');
    expect(dirtyFolderOf('Manga/One Piece')).toBe('Manga');
    expect(dirtyFolderOf('100%_Comics/A_b%.cbz')).toBe('100%_Comics');
  });

  it('ignore hidden names, resource forks and NAS litter anywhere in the path', () => {
    expect(dirtyFolderOf('Astérix/.Astérix T01.cbz.part')).toBeNull();
    expect(dirtyFolderOf('Astérix/._Astérix T01.cbz')).toBeNull();
    expect(dirtyFolderOf('Astérix/@eaDir/Astérix T01.cbz/SYNOPHOTO_THUMB_M.jpg')).toBeNull();
    expect(dirtyFolderOf('#recycle/Old/old.cbz')).toBeNull();
    expect(dirtyFolderOf('Astérix/__MACOSX/x.cbz')).toBeNull();
    expect(dirtyFolderOf('.git/index')).toBeNull();
  });

  it('ignore the root itself and paths outside it', () => {
    expect(dirtyFolderOf('')).toBeNull();
    expect(dirtyFolderOf('../other/x.cbz')).toBeNull();
  });
});
