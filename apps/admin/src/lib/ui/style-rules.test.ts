import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The design system's rule: colour values and font sizes live in src/lib/ui/tokens.css only. Everywhere else
 * (.svelte, .css, .ts under src, the logo and icons included) uses the tokens' variables: no hex colour, no
 * rgb()/hsl()/… colour function, no font-size value other than var(--…) or inherit.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKENS = 'lib/ui/tokens.css';

export interface Breach {
  line: number;
  rule: string;
  text: string;
}

const RULES: { rule: string; pattern: RegExp }[] = [
  { rule: 'hex colour', pattern: /(?<![&\w]|href=["'`]?)#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi },
  { rule: 'colour function', pattern: /(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi },
  // font-size: 12px / 0.9rem / 1.1em / small … anything but a variable or inherit
  { rule: 'font size', pattern: /(?<![\w-])font-size\s*[:=]\s*["'{]?\s*(?!var\(--|inherit\b)[^;"'}\s]/gi },
  // The `font` shorthand carries a size; only `font: inherit` is allowed
  { rule: 'font shorthand', pattern: /(?<![\w-])font\s*:\s*(?!inherit\b|var\(--)[^;}\s]/gi },
];

/** The rule's breaches in one file's text. */
export function breaches(text: string): Breach[] {
  const found: Breach[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    for (const { rule, pattern } of RULES) {
      pattern.lastIndex = 0;
      if (pattern.test(lineText)) found.push({ line: index + 1, rule, text: lineText.trim() });
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(svelte|css|ts)$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

const files = sourceFiles(SRC).filter(
  (file) => file !== TOKENS && file !== 'lib/ui/style-rules.test.ts' && !file.startsWith('i18n/i18n-'),
);
const report = (file: string, found: Breach[]) =>
  found.map((breach) => `${file}:${breach.line} ${breach.rule}: ${breach.text}`).join('\n');

describe('style rules: colours and font sizes only in tokens.css', () => {
  it('finds what it is meant to find (and not ids or entities)', () => {
    expect(breaches('color: #c62828;').map((b) => b.rule)).toEqual(['hex colour']);
    expect(breaches('<rect fill="#FFF" />').map((b) => b.rule)).toEqual(['hex colour']);
    expect(breaches('box-shadow: 0 4px 16px rgb(0 0 0 / 0.15);').map((b) => b.rule)).toEqual(['colour function']);
    expect(breaches('background: hsla(200, 50%, 50%, 0.5)').map((b) => b.rule)).toEqual(['colour function']);
    expect(breaches('font-size: 0.9rem;').map((b) => b.rule)).toEqual(['font size']);
    expect(breaches('<text font-size="24">').map((b) => b.rule)).toEqual(['font size']);
    expect(breaches('<span style:font-size="2rem">').map((b) => b.rule)).toEqual(['font size']);
    expect(breaches('font: 600 1rem/1.2 sans-serif;').map((b) => b.rule)).toEqual(['font shorthand']);
    expect(breaches('font-size: var(--text-sm); font: inherit; color: var(--danger);')).toEqual([]);
    expect(breaches('<a href="#content">skip</a> <a href="#add">add</a> &#160; #beef-stew')).toEqual([]);
  });

  it('holds in every file under src outside tokens.css', () => {
    const offending = files
      .map((file) => [file, breaches(readFileSync(path.join(SRC, file), 'utf8'))] as const)
      .filter(([, found]) => found.length > 0);
    expect(offending.map(([file, found]) => report(file, found)).join('\n')).toBe('');
  });
});

/** The custom properties a text declares: `--x:` in CSS, `style:--x` on an element, `setProperty('--x', …)`. */
export function declaredVariables(text: string): string[] {
  const patterns = [/(--[\w-]+)\s*:/g, /style:(--[\w-]+)/g, /setProperty\(\s*['"](--[\w-]+)['"]/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** The custom properties a text reads with no fallback: `var(--x)`, not `var(--x, …)`. */
export function variablesRead(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)\s*\)/g)].map((match) => match[1]!);
}

/*
 * A var() of a property nobody declares is silently nothing: the Import page's muted text, borders and errors once
 * read `--color-text-muted`, `--color-border` and `--color-danger`, names of another design system, and showed as
 * plain text with no lines. Tests (and the EPUB reader's hostile corpus) write such names on purpose.
 */
describe('style rules: every custom property read is declared', () => {
  it('finds what it is meant to find', () => {
    expect(declaredVariables('.a { --gap: 1px } <b style:--w={x}> el.style.setProperty("--h", v)')).toEqual([
      '--gap',
      '--w',
      '--h',
    ]);
    expect(variablesRead('margin: var(--gap); color: var(--muted, gray); width: var( --w )')).toEqual(['--gap', '--w']);
  });

  it('holds in every file under src', () => {
    const texts = sourceFiles(SRC)
      .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('hostile-corpus.ts'))
      .map((file) => [file, readFileSync(path.join(SRC, file), 'utf8')] as const);
    const declared = new Set(texts.flatMap(([, text]) => declaredVariables(text)));
    const undeclared = texts.flatMap(([file, text]) =>
      variablesRead(text)
        .filter((name) => !declared.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect([...new Set(undeclared)]).toEqual([]);
  });
});
