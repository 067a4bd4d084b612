import { describe, expect, it } from 'vitest';
import { isWanted, withChange } from './want-to-read.js';

describe('isWanted', () => {
  it('follows the listed state until a toggle changes it, then the toggle, either way', () => {
    const none = new Map<string, boolean>();
    expect(isWanted(none, 'a', true)).toBe(true);
    expect(isWanted(none, 'a', false)).toBe(false);
    const removed = withChange(none, 'a', false);
    expect(isWanted(removed, 'a', true)).toBe(false);
    expect(isWanted(removed, 'b', true)).toBe(true);
    const added = withChange(removed, 'a', true);
    expect(isWanted(added, 'a', false)).toBe(true);
  });
  it('records a change in a new map, leaving the previous one as it was', () => {
    const before = new Map([['a', true]]);
    const after = withChange(before, 'a', false);
    expect(after).not.toBe(before);
    expect(before.get('a')).toBe(true);
    expect(after.get('a')).toBe(false);
  });
});
