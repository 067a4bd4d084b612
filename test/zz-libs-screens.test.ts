import { it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ARTIFACTS_DIR, useAdminBrowser } from './support/admin-browser.js';

const admin = useAdminBrowser();

it('screens', { timeout: 300_000 }, async () => {
  const jobs = await admin.site.api<{ items: { id: string }[] }>('GET', '/jobs?limit=1');
  const pages = [
    ['libraries', '/libraries'],
    ['library-new', '/libraries/new'],
    ['first-run', '/libraries/new?first=1'],
    ['jobs', '/jobs'],
    ['job', `/jobs/${jobs.items[0]!.id}`],
    ['tokens', '/tokens'],
  ];
  await mkdir(path.join(ARTIFACTS_DIR, 'libs'), { recursive: true });
  for (const [name, at] of pages) {
    for (const locale of ['en-US', 'fr-FR']) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [1366, 360]) {
          const page = await admin.signedInPage({ path: at!, locale });
          await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForTimeout(700);
          await page.screenshot({
            path: path.join(ARTIFACTS_DIR, 'libs', `${name}-${locale.slice(0, 2)}-${scheme}-${width}.png`),
            fullPage: true,
          });
          await page.context().close();
        }
      }
    }
  }
});
