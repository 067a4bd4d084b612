import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_API_VERSION } from '../src/index.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
  private?: boolean;
  files?: string[];
};

describe('the SDK package', () => {
  it('is versioned with the plugin API: its major is SDK_API_VERSION', () => {
    expect(Number(manifest.version.split('.')[0])).toBe(SDK_API_VERSION);
  });

  it('can be packed for plugins outside the repository: not private, built files only', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.files?.length).toBeGreaterThan(0);
    expect(manifest.files?.filter((pattern) => !/^!?dist\//.test(pattern))).toEqual([]);
  });
});
