import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The admin works under a reverse proxy's sub-path only if no address it writes is rooted at `/` by hand: every
 * link, `goto`, request and image goes through `withBase` (paths.ts). This reads the sources and names each place
 * that roots an address itself (a new page, a restyled component), so the mistake is caught here rather than behind a
 * proxy (test/admin-proxy.test.ts).
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(file);
    return /\.(svelte|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Addresses rooted at `/` without withBase: attributes, navigation, requests, the API and tRPC. */
const ROOTED = [
  /\b(?:href|src|action|formaction|poster)=(?:"\/|'\/|\{\s*["'`]\/)/g,
  /\b(?:goto|fetch|new EventSource|window\.open|location\.assign|location\.replace)\(\s*["'`]\//g,
  /(?<!withBase\()["'`]\/(?:api\/v1|trpc|opds|docs|openapi\.yaml)\b/g,
];

describe('addresses in the admin', () => {
  it('are built with withBase, never rooted at / by hand', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      if (file.endsWith(`${path.sep}lib${path.sep}paths.ts`)) continue;
      // The addresses a hostile book writes (the EPUB sanitiser's test corpus), never the admin's own.
      if (file.endsWith(`${path.sep}epub${path.sep}hostile-corpus.ts`)) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line.trim().startsWith('//') || line.trim().startsWith('*')) return;
        for (const pattern of ROOTED) {
          pattern.lastIndex = 0;
          if (pattern.test(line)) found.push(`${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('app.html loads nothing from the root (%sveltekit.assets% is relative)', () => {
    const html = readFileSync(path.join(SRC, 'app.html'), 'utf8');
    expect(html.match(/\b(?:href|src|content)="\/[^"]*"/g) ?? []).toEqual([]);
  });
});
