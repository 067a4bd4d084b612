import { describe, expect, it } from 'vitest';

import { formatForContainer, formatFromExtension } from './book-format.js';
import { BookFileError } from './errors.js';
import { sniffImageType } from './image-type.js';
import { detectContainer } from './sniff.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

describe('detectContainer', () => {
  it.each([
    ['PK\x03\x04rest', 'zip'],
    ['PK\x05\x06rest', 'zip'],
    ['Rar!\x1a\x07\x00rest', 'rar'],
    ['Rar!\x1a\x07\x01\x00rest', 'rar'],
    ['%PDF-1.7', 'pdf'],
    ['7z\xbc\xaf\x27\x1c\x00\x04', '7z'],
    [`${'\x00'.repeat(257)}ustar\x0000`, 'tar'],
    [`${'\x00'.repeat(257)}ustar  \x00`, 'tar'],
    ['\r\n\x00junk before the header %PDF-1.4', 'pdf'],
  ])('%j is %s', (head, container) => {
    expect(detectContainer(bytes(head))).toBe(container);
  });

  it.each([
    ['\xfd7zXZ\x00', /xz/],
    ['\x1f\x8b\x08', /gzip/],
    ['BZh91AY', /bzip2/],
    ['AT&TFORM\x00\x00\x10\x00DJVM', /DjVu/],
  ])('%j is unsupported', (head, message) => {
    expect(() => detectContainer(bytes(head))).toThrow(message);
    expect(() => detectContainer(bytes(head))).toThrow(BookFileError);
  });

  it('anything else is corrupt', () => {
    expect(() => detectContainer(bytes('<html>'))).toThrow(expect.objectContaining({ kind: 'corrupt' }));
    expect(() => detectContainer(new Uint8Array(0))).toThrow(expect.objectContaining({ kind: 'corrupt' }));
  });
});

describe('formats', () => {
  it('maps the six extensions, in any case, and nothing else', () => {
    expect(formatFromExtension('A.CBZ')).toBe('cbz');
    expect(formatFromExtension('dir.v1/b.Cbr')).toBe('cbr');
    expect(formatFromExtension('c.pdf')).toBe('pdf');
    expect(formatFromExtension('d.ePub')).toBe('epub');
    expect(formatFromExtension('g.CB7')).toBe('cb7');
    expect(formatFromExtension('g.cbt')).toBe('cbt');
    for (const name of ['e.zip', 'f.rar', 'g.7z', 'g.tar', 'cbz', 'h.cbz.part', 'noext']) {
      expect(formatFromExtension(name)).toBeNull();
    }
  });

  it('lets the container decide', () => {
    expect(formatForContainer('cbz', 'rar', false)).toBe('cbr');
    expect(formatForContainer('cbr', 'zip', false)).toBe('cbz');
    expect(formatForContainer('epub', 'zip', false)).toBe('epub');
    expect(formatForContainer('pdf', 'zip', true)).toBe('epub');
    expect(formatForContainer('pdf', 'zip', false)).toBe('cbz');
    expect(formatForContainer('cbz', 'zip', true)).toBe('cbz');
    expect(formatForContainer('epub', 'pdf', false)).toBe('pdf');
    expect(formatForContainer('cbz', '7z', false)).toBe('cb7');
    expect(formatForContainer('cb7', 'tar', false)).toBe('cbt');
  });
});

describe('sniffImageType', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...bytes('GIF89a')], 'image/gif'],
    [[...bytes('RIFF\x00\x00\x00\x00WEBPVP8 ')], 'image/webp'],
    [[...bytes('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1')], 'image/avif'],
    [[...bytes('\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avif')], 'image/avif'],
  ])('%j is %s', (head, type) => {
    expect(sniffImageType(Uint8Array.from(head))).toBe(type);
  });

  it('knows nothing else', () => {
    expect(sniffImageType(bytes('\x00\x00\x00\x1cftypheic\x00\x00\x00\x00mif1heic'))).toBeNull();
    expect(sniffImageType(bytes('BM'))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});
