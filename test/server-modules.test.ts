import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './support/server-process.js';

/**
 * What the server keeps loaded costs memory for as long as it runs (issue 22: module source and code are a third of
 * its idle heap). Packages needed only by a database it does not use, by the reader processes, or by a plugin's
 * first request are imported when needed, and zod is not used at all (config.ts checks the environment itself); this
 * checks that none creeps back into a server started on SQLite.
 */
const NOT_AT_START = [
  'pg',
  'cheerio',
  'undici',
  'parse5',
  'node-unrar-js',
  '7z-wasm',
  'mupdf',
  'sharp',
  'mongodb',
  'zod',
];

function packageOf(url: string): string | null {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [scope, name] = url.slice(at + '/node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

describe('the built server on SQLite, idle after start', () => {
  it('has loaded no package it only needs later or elsewhere', async () => {
    const log = path.join(tmpdir(), `shelfmark-modules-${process.pid}.log`);
    const hook = path.join(import.meta.dirname, 'support', 'module-log-hook.mjs');
    const server = await startServer({ env: { NODE_OPTIONS: `--import=${hook}`, SHELFMARK_TEST_MODULE_LOG: log } });
    try {
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await server.dispose();
    }
    const urls = (await readFile(log, 'utf8')).split('\n');
    await rm(log);
    const packages = new Set(urls.map(packageOf));
    // The hook saw the server's dependencies and the plugin (else this test would pass whatever is loaded).
    expect(packages).toContain('@mikro-orm/core');
    expect(urls.some((url) => /bedetheque\/dist\/index\.js$/.test(url))).toBe(true);
    expect(NOT_AT_START.filter((name) => packages.has(name))).toEqual([]);
  });
});
