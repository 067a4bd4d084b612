import { describe, expect, it } from 'vitest';
import { activeAdmins, isLastAdmin, labelList, libraryNames, type UserRow } from './types.js';

const user = (over: Partial<UserRow>): UserRow => ({
  id: over.username ?? 'u',
  username: 'u',
  email: null,
  role: 'reader',
  library_ids: [],
  age_max: null,
  allow_unrated: true,
  labels_include: [],
  labels_exclude: [],
  disabled: false,
  created_at: '2026-11-26T00:00:00.000Z',
  ...over,
});

describe('the users list', () => {
  it('knows the last active administrator', () => {
    const admin = user({ username: 'admin', role: 'admin' });
    const reader = user({ username: 'anna' });
    const disabledAdmin = user({ username: 'old', role: 'admin', disabled: true });
    expect(activeAdmins([admin, reader, disabledAdmin])).toBe(1);
    expect(isLastAdmin(admin, [admin, reader, disabledAdmin])).toBe(true);
    expect(isLastAdmin(reader, [admin, reader])).toBe(false);
    const second = user({ username: 'bob', role: 'admin' });
    expect(isLastAdmin(admin, [admin, second])).toBe(false);
  });

  it('names a reader’s libraries, and every library for an administrator', () => {
    const libraries = [
      { id: 'a', name: 'Comics' },
      { id: 'b', name: 'Novels' },
    ];
    expect(libraryNames(user({ library_ids: ['b'] }), libraries)).toEqual(['Novels']);
    expect(libraryNames(user({ library_ids: [] }), libraries)).toEqual([]);
    expect(libraryNames(user({ role: 'admin', library_ids: [] }), libraries)).toBe('all');
  });
});

describe('labelList', () => {
  it('reads comma-separated label names, trimmed, without empties or repeats', () => {
    expect(labelList(' family,  kids ,, family ,')).toEqual(['family', 'kids']);
    expect(labelList('   ')).toEqual([]);
  });
});
