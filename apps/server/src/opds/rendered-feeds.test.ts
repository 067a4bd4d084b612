import { describe, expect, it } from 'vitest';
import { RenderedFeeds } from './rendered-feeds.js';

describe('RenderedFeeds', () => {
  it('serves a stored body by ETag, drops the least recently used past the byte budget, and expires entries', () => {
    let now = 0;
    const feeds = new RenderedFeeds(400, 1000, () => now);
    feeds.set('a', 'x', Buffer.alloc(100));
    feeds.set('b', 'x', Buffer.alloc(100));
    feeds.set('c', 'x', Buffer.alloc(100));
    expect(feeds.get('a')?.body.length).toBe(100);
    feeds.set('d', 'x', Buffer.alloc(100));
    feeds.set('e', 'x', Buffer.alloc(100));
    expect(feeds.get('b')).toBeUndefined();
    expect(feeds.get('a')).toBeDefined();
    feeds.set('huge', 'x', Buffer.alloc(200));
    expect(feeds.get('huge')).toBeUndefined();
    now = 1000;
    expect(feeds.get('a')).toBeUndefined();
  });
});
