// Loaded with `node --import`: appends the URL of every module file the process loads to SHELFMARK_TEST_MODULE_LOG,
// so that a test can tell which packages a server loads (server-modules.test.ts).
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.SHELFMARK_TEST_MODULE_LOG;
if (log) {
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:')) appendFileSync(log, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
