import { describe, expect, it } from 'vitest';
import { scanScope } from './scan.service.js';

describe('the folders of a scoped scan', () => {
  it('are relative POSIX paths, each once, in order', () => {
    expect(scanScope(['Manga/One Piece', '', 'Astérix', 'Manga/One Piece', '/BD/'])).toEqual([
      '',
      'Astérix',
      'BD',
      'Manga/One Piece',
    ]);
  });

  it('drop what could leave the library or means nothing', () => {
    expect(scanScope(['../etc', 'a/../../b', 'a//b', './a', 42, null, 'ok'])).toEqual(['ok']);
  });

  it('are absent for a scan of the whole library', () => {
    expect(scanScope(undefined)).toBeNull();
    expect(scanScope('Manga')).toBeNull();
  });
});
