import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSampleLibrary } from './admin-browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A LIBRARIES_ROOT holding SAMPLE_LIBRARY, written once per run: each admin file copies it (admin-browser.ts). */
    sampleLibrariesRoot: string;
  }
}

/**
 * Once per run, before any file: the admin's sample library (30 pages drawn by sharp) is written here once instead
 * of once per file. Files copy it into their own LIBRARIES_ROOT, so none sees another's changes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'shelfmark-e2e-sample-'));
  await writeSampleLibrary(root);
  project.provide('sampleLibrariesRoot', root);
  return () => rm(root, { recursive: true, force: true });
}
