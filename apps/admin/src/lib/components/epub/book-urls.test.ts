import { describe, expect, it } from 'vitest';
import { decideLink, isBookResource, isFragment } from './book-urls.js';

const origin = 'http://127.0.0.1:7080';
const chapter = 'OEBPS/text/chapter 1.xhtml';
const link = (value: string) => decideLink(value, chapter, origin);

describe('links in a book, decided on the parsed URL', () => {
  it('keeps a place in the book relative to the document, never above the book', () => {
    expect(link('#note')).toEqual({ kind: 'inside', href: '#note' });
    expect(link('chapter%201.xhtml#note')).toEqual({ kind: 'inside', href: '#note' });
    expect(link('chapter-2.xhtml?x=1#start')).toEqual({ kind: 'inside', href: 'chapter-2.xhtml#start' });
    expect(link('../images/cover.jpg')).toEqual({ kind: 'inside', href: '../images/cover.jpg' });
    expect(link('/OEBPS/text/notes.xhtml')).toEqual({ kind: 'inside', href: 'notes.xhtml' });
    expect(link('chapter 1.xhtml')).toEqual({ kind: 'inside', href: 'chapter%201.xhtml' });
    expect(link('../../')).toEqual({ kind: 'inside', href: '../../' });
    expect(link('../../../../api/v1/tokens')).toEqual({ kind: 'inside', href: '../../api/v1/tokens' });
    expect(link('https:elsewhere.test')).toEqual({ kind: 'inside', href: 'elsewhere.test' });
  });

  it('gives another site in its parsed form, whatever the spelling', () => {
    for (const spelling of [
      'http://elsewhere.test/a',
      'http:/elsewhere.test/a',
      'http:elsewhere.test/a',
      'http:\\\\elsewhere.test\\a',
      'HTTP://ELSEWHERE.TEST/a',
      ' \u0001http://elsewhere.test/a',
      'ht\ttp://elsewhere.\ntest/a',
    ]) {
      expect(link(spelling), spelling).toEqual({ kind: 'web', href: 'http://elsewhere.test/a' });
    }
    // Relative to the document, as the engine resolves it: https.
    for (const spelling of ['//elsewhere.test/a', '\\\\elsewhere.test\\a', '/\\elsewhere.test/a']) {
      expect(link(spelling), spelling).toEqual({ kind: 'web', href: 'https://elsewhere.test/a' });
    }
    expect(link('mailto:someone@example.org')).toEqual({ kind: 'mail', href: 'mailto:someone@example.org' });
  });

  it('refuses every other scheme, and this server on any port or scheme', () => {
    for (const value of [
      'java\tscript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:msgbox',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      `blob:${origin}/abc`,
      'blob:https://elsewhere.test/abc',
      'about:blank',
      'ftp://elsewhere.test/',
      `${origin}/api/v1/auth/me`,
      'http://127.0.0.1:9/api/v1/auth/me',
      'http:/127.0.0.1/api',
      '//127.0.0.1:7080/api/v1/tokens',
      'http://[::1',
    ]) {
      expect(link(value).kind, value).toBe('refused');
    }
  });
});

describe("a book's resources", () => {
  it("are the engine's blob: URLs of this origin, passive data: URLs and fragments, nothing else", () => {
    expect(isBookResource(`blob:${origin}/0b8e6d1c`, origin)).toBe(true);
    expect(isBookResource(`BLOB:${origin}/0b8e6d1c`, origin)).toBe(true);
    expect(isBookResource('data:image/png;base64,AAAA', origin)).toBe(true);
    expect(isBookResource('data:font/woff2;base64,AAAA', origin)).toBe(true);
    expect(isBookResource('#grad', origin)).toBe(true);
    expect(isBookResource(' \t#grad', origin)).toBe(true);
    for (const value of [
      'blob:https://elsewhere.test/0b8e6d1c',
      'blob:null/0b8e6d1c',
      'data:image/svg+xml,<svg/>',
      'data:text/css,*{}',
      'data:text/html,x',
      'data:,x',
      'images/cover.jpg',
      '',
      '?x',
      '/api/v1/auth/me',
      `${origin}/api/v1/auth/me`,
      'http:/tracker.test/x.png',
      'javascript:alert(1)',
    ]) {
      expect(isBookResource(value, origin), value).toBe(false);
    }
    expect(isFragment('#')).toBe(false);
    expect(isFragment('document#grad')).toBe(false);
    expect(isFragment('?query#grad')).toBe(false);
  });
});

describe('links: what the reader is shown is what it would open', () => {
  it('a link to another site carries no user name or password to pass for a host', () => {
    const link = decideLink('https://shelfmark.example.org:login@tracker.test/', 'OEBPS/c.xhtml', origin);
    expect(link.kind === 'web' || link.kind === 'refused').toBe(true);
    if (link.kind === 'web') expect([new URL(link.href).username, new URL(link.href).password]).toEqual(['', '']);
    // Refused in every spelling the parser reads as credentials.
    for (const value of [
      'https://shelfmark.example.org:login@tracker.test/',
      'http://user@elsewhere.test/',
      'http://:password@elsewhere.test/',
      'http:/shelfmark.example.org%2Flogin@elsewhere.test/',
      'http:\\\\a:b@elsewhere.test\\x',
      '//shelfmark.example.org@elsewhere.test/',
    ]) {
      expect([value, decideLink(value, 'OEBPS/c.xhtml', origin).kind]).toEqual([value, 'refused']);
    }
  });

  it('a link kept inside the book is relative (never read as a scheme or a host)', () => {
    for (const [value, path] of [
      ['./http:tracker.test/x', 'c.xhtml'],
      ['./mailto:someone@tracker.test', 'c.xhtml'],
      ['.///tracker.test/x', 'c.xhtml'],
    ]) {
      const link = decideLink(value!, path!, origin);
      if (link.kind !== 'inside') continue;
      expect([value, /^[a-z][a-z0-9+.-]*:|^\/\//i.test(link.href)]).toEqual([value, false]);
    }
    expect(link('./http:elsewhere.test/x')).toEqual({ kind: 'inside', href: './http:elsewhere.test/x' });
    expect(link('/OEBPS/text/javascript:x#y')).toEqual({ kind: 'inside', href: './javascript:x#y' });
    expect(link('../..//elsewhere.test/x')).toEqual({ kind: 'inside', href: '../..//elsewhere.test/x' });
    expect(decideLink('.///elsewhere.test/x', 'c.xhtml', origin)).toEqual({
      kind: 'inside',
      href: './//elsewhere.test/x',
    });
  });
});
