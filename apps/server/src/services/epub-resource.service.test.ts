import { describe, expect, it } from 'vitest';
import { archivePath, epubContentType } from './epub-resource.service.js';

describe('a path inside an EPUB', () => {
  it('resolves . and .. against the archive root, so nothing names a file above it', () => {
    expect(archivePath(['OEBPS', 'text', 'ch1.xhtml'])).toBe('OEBPS/text/ch1.xhtml');
    expect(archivePath(['..', '..', 'META-INF', 'container.xml'])).toBe('META-INF/container.xml');
    expect(archivePath(['OEBPS', '..', '..', '..', 'etc', 'passwd'])).toBe('etc/passwd');
    // A decoded %2F inside one segment is a separator like any other.
    expect(archivePath(['..%2F..'.replace('%2F', '/'), 'x.css'])).toBe('x.css');
    expect(archivePath(['.', 'OEBPS', '.', 'a.css'])).toBe('OEBPS/a.css');
  });

  it('names no file for the root, a folder, a backslash or a NUL', () => {
    expect(archivePath([])).toBeNull();
    expect(archivePath(['..'])).toBeNull();
    expect(archivePath(['OEBPS', ''])).toBeNull();
    expect(archivePath(['..\\..\\book.epub'])).toBeNull();
    expect(archivePath(['OEBPS\0', 'a.css'])).toBeNull();
  });

  it('is typed from its extension, text with its charset', () => {
    expect(epubContentType('OEBPS/ch.xhtml')).toBe('application/xhtml+xml; charset=utf-8');
    expect(epubContentType('OEBPS/content.OPF')).toBe('application/oebps-package+xml; charset=utf-8');
    expect(epubContentType('toc.ncx')).toBe('application/x-dtbncx+xml; charset=utf-8');
    expect(epubContentType('a/b.css')).toBe('text/css; charset=utf-8');
    expect(epubContentType('f.woff2')).toBe('font/woff2');
    expect(epubContentType('i.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(epubContentType('noextension')).toBe('application/octet-stream');
  });
});
