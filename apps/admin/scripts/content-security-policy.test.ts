import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDirectives, inlineScriptHashes } from './content-security-policy.js';

const hash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe("the admin's policy", () => {
  it('hashes the exact text of every inline script of the template, and only those', () => {
    const first = "\n      (function () { document.documentElement.dataset.theme = 'dark'; })();\n    ";
    const second = 'console.log("é")';
    const html = `<head><script>${first}</script><script src="./x.js"></script>
      <script type="text/javascript" >${second}</script ></head>`;
    expect(inlineScriptHashes(html)).toEqual([hash(first), hash(second)]);
    expect(inlineScriptHashes('<head></head>')).toEqual([]);
  });

  it("lets scripts come from the admin's origin and the template's hashes only", () => {
    const directives = adminDirectives('<script>let a = 1;</script>');
    expect(directives['script-src']).toEqual(['self', hash('let a = 1;')]);
    expect(directives['default-src']).toEqual(['self']);
  });
});
