import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.js';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands on only the last value of a burst, once the pause has lasted', () => {
    const commit = vi.fn();
    const search = debounce<string>(250, commit);
    for (const text of ['e', 'ec', 'ecl', 'ecla']) {
      search.push(text);
      vi.advanceTimersByTime(100);
    }
    expect(commit).not.toHaveBeenCalled();
    expect(search.pending).toBe(true);
    vi.advanceTimersByTime(150);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith('ecla');
    expect(search.pending).toBe(false);
  });

  it('hands on each value separated by a pause', () => {
    const commit = vi.fn();
    const search = debounce<string>(250, commit);
    search.push('one');
    vi.advanceTimersByTime(250);
    search.push('two');
    vi.advanceTimersByTime(250);
    expect(commit.mock.calls).toEqual([['one'], ['two']]);
  });

  it('drops a held-back value when cancelled (filters cleared while typing)', () => {
    const commit = vi.fn();
    const search = debounce<string>(250, commit);
    search.push('stale');
    search.cancel();
    expect(search.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(commit).not.toHaveBeenCalled();
  });
});
