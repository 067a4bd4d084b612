import type { Page } from 'playwright-core';

/**
 * Opens `url` (a path of the admin) as a click on one of its links does: SvelteKit's router shows the page without
 * reloading the app, so the app's code is not fetched, parsed and started again, nor the session and the language
 * read again. A walk of every page paid that start on each of its hundreds of loads. Resolves once the address is the
 * new one; the caller then waits for the page as after a load (its heading, nothing busy, the network quiet).
 *
 * The page is left as the router leaves it: what the previous page opened in the shell (a menu, a dialog) may still
 * be open, so a walk loads the page afresh after such a state, and loads every page afresh at least once (a link
 * opened from outside starts the app on that page).
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  const wanted = new URL(url, page.url());
  await page.evaluate((href) => {
    // A link of the document's own: the router takes the click (it listens on the whole document).
    const link = document.createElement('a');
    link.href = href;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  }, wanted.href);
  await page.waitForURL((current) => current.href === wanted.href);
  // The route's code may still be on its way: PageLoading marks the old page busy until the new one is shown.
  await page.waitForFunction(() => !document.querySelector('[data-testid="page-loading"]'));
}

/** The first segment of a path ('/series/1' → 'series'): pages under one segment share a route and its state. */
export const sectionOf = (url: string): string => new URL(url, 'http://admin').pathname.split('/')[1] ?? '';
