import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built `name` beside the module at `moduleUrl`, to start as a process or a thread. Under the test runner that
 * module is the TypeScript source, which Node cannot start as is, so the build output of the same folder is used
 * (`npm test` builds first).
 */
export function builtEntry(moduleUrl: string, name: string): string {
  const here = fileURLToPath(moduleUrl);
  const sep = path.sep;
  const built = here.endsWith('.ts') ? here.replace(`${sep}src${sep}`, `${sep}dist${sep}`) : here;
  return path.join(path.dirname(built), name);
}
