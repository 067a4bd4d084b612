import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    const rows = new Map(
      [...readme.matchAll(/^\| `([A-Z_]+)`\s*\|\s*([^|]+?)\s*\|/gm)].map((match) => [match[1], match[2]!]),
    );
    expect([...rows.keys()].sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
    for (const [name, { default: value }] of Object.entries(CONFIG_VARIABLES)) {
      expect(rows.get(name), name).toBe(value === '' ? '(unset)' : `\`${value}\``);
    }
  });

  it('gives the two set-up commands that package.json provides', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/```sh\nnpm test\n```/);
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
    const ci = readFileSync(path.join(repoRoot, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm test$/m);
  });
});
