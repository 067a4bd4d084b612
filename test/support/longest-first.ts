import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (CI's figures on 2 cores, four files at once: the two browser walks,
 * then the kills and resumes across processes). Vitest starts the files it has timed before longest first, but CI
 * installs from nothing, which removes its timings (node_modules/.vite): it then starts the largest files first, and
 * these, not the largest, started behind shorter ones (jobs.test.ts 17th of 36) and could run on after the others ended.
 */
export const LONGEST_FILES = [
  'admin-accessibility.test.ts',
  'admin-screens.test.ts',
  'jobs.test.ts',
  'metadata-batch.test.ts',
];

/** Starts LONGEST_FILES first, in that order; the rest as vitest would (its timings, else the largest first). */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(path.basename(spec.moduleId));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    const rest = await super.sort(files.filter((spec) => rank(spec) === LONGEST_FILES.length));
    const longest = files.filter((spec) => rank(spec) < LONGEST_FILES.length).sort((a, b) => rank(a) - rank(b));
    return [...longest, ...rest];
  }
}
