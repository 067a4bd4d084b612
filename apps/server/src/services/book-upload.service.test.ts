import { describe, expect, it } from 'vitest';
import { stemOf } from './book-upload.service.js';

describe("an upload's client name, as a hint for the match", () => {
  it('keeps the last segment without its extension or control characters, never a path', () => {
    expect(stemOf('Blake - T02.zip')).toBe('Blake - T02');
    expect(stemOf('../../etc/passwd')).toBe('passwd');
    expect(stemOf('C:\\Users\\me\\Astérix 3.cbr')).toBe('Astérix 3');
    expect(stemOf('bad\u0000\u001fname.pdf')).toBe('badname');
    expect(stemOf('.hidden')).toBe('hidden');
    expect(stemOf('..')).toBe('upload');
    expect(stemOf('')).toBe('upload');
    expect([...stemOf(`${'é'.repeat(300)}.cbz`)]).toHaveLength(200);
  });
});
