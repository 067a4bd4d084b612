import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';

/**
 * Reading lists in a real Chromium against the built server: one created from its page, filled in an order across
 * series, shown in that order with the reader's progress, shared by its administrator owner and taken back,
 * continued at the first unread book, and deleted; an imported one offers its report.
 */
const admin = useAdminBrowser();

describe('the reading lists pages', { timeout: 120_000 }, () => {
  it('creates a list, shows its books in order with progress, continues at the first unread one, deletes it', async () => {
    const page = await admin.signedInPage({ path: '/reading-lists' });
    await page.getByRole('heading', { name: 'Reading lists', level: 1 }).waitFor();
    await page.getByText('No reading list yet.').waitFor();
    await page.getByTestId('reading-list-name').fill('Crossover');
    await page.getByTestId('reading-list-create').click();
    const link = page.getByTestId('reading-lists').getByRole('link', { name: 'Crossover' });
    await link.waitFor();

    // Filled through the API in an order across series; the first book read.
    const { api } = admin.site;
    const books = (
      await api<{ items: { id: string; series: string; volume: number }[] }>('GET', '/books?limit=100&sort=series')
    ).items;
    const pick = (series: string, volume: number) => books.find((b) => b.series === series && b.volume === volume)!.id;
    const order = [pick('Nuit blanche', 1), pick('Harbour Lights', 2), pick('Harbour Lights', 1)];
    const lists = await api<{ items: { id: string; name: string }[] }>('GET', '/reading-lists');
    const listId = lists.items.find((list) => list.name === 'Crossover')!.id;
    await api('PATCH', `/reading-lists/${listId}`, { book_ids: order });
    await api('PUT', `/books/${order[0]}/progress`, { status: 'read' });

    await link.click();
    await page.getByRole('heading', { name: 'Crossover', level: 1 }).waitFor();
    await page.getByTestId('reading-list-progress').getByText('1 of 3 read').waitFor();
    // Made here, not imported: no report to offer. The administrator's own list: they may share it, off at first.
    expect(await page.getByTestId('reading-list-report').count()).toBe(0);
    const share = page.getByRole('checkbox', { name: 'Shared with everyone' });
    expect(await share.isChecked()).toBe(false);
    await share.check();
    await page.getByText('Everyone can now see “Crossover”.').waitFor();
    expect((await api<{ shared: boolean }>('GET', `/reading-lists/${listId}`)).shared).toBe(true);
    const rows = page.getByTestId('reading-list-books').getByRole('listitem');
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('Nuit blanche'),
      expect.stringContaining('Harbour Lights · #2'),
      expect.stringContaining('Harbour Lights · #1'),
    ]);
    await admin.screenshot(page, 'reading-list');
    await share.uncheck();
    await page.getByText('“Crossover” is yours alone again.').waitFor();
    expect((await api<{ shared: boolean }>('GET', `/reading-lists/${listId}`)).shared).toBe(false);

    await page.getByTestId('reading-list-continue').click();
    // Opened from the list, the reader says so in its address (its next book follows the list).
    await page.waitForURL(`**/read/${order[1]}?list=${listId}`);
    await page.goBack();
    await page.getByTestId('reading-list-delete').click();
    await page.getByText('No reading list yet.').waitFor();
  });

  it('imports a ComicRack .cbl and shows its report, with the books matched in the list', async () => {
    const page = await admin.signedInPage({ path: '/reading-lists' });
    await page.getByTestId('reading-list-import').click();
    await page.getByRole('heading', { name: 'Import a reading list', level: 1 }).waitFor();
    const cbl = `<?xml version="1.0"?>
<ReadingList xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Name>Harbour event</Name>
  <Books>
    <Book Series="Quiet Forest" Number="1" Volume="2024"><Database Name="cv" Series="1" Issue="2" /></Book>
    <Book Series="Harbour Lights" Number="2" />
    <Book Series="Harbour Lights" Number="9" />
    <Book Series="Nuit blanche" Number="1.MU" />
  </Books>
</ReadingList>`;
    await page
      .getByTestId('reading-list-import-file')
      .setInputFiles({ name: 'event.cbl', mimeType: 'application/xml', buffer: Buffer.from(cbl) });
    await page.getByTestId('reading-list-import-submit').click();
    await page.getByRole('heading', { name: 'Import report', level: 1 }).waitFor();
    await page.getByTestId('import-report-counts').getByText('2 matched, 0 to choose, 2 missing').waitFor();
    const entries = page.getByTestId('import-report-entries').getByRole('listitem');
    expect(await entries.allTextContents()).toEqual([
      expect.stringMatching(/Quiet Forest · #1 · vol\. 2024.*Matched/),
      expect.stringMatching(/Harbour Lights · #2.*Matched/),
      expect.stringMatching(/Harbour Lights · #9.*Missing/),
      expect.stringMatching(/Nuit blanche · #1\.MU.*Missing/),
    ]);
    await admin.screenshot(page, 'reading-list-import-report');
    // Nothing new since: matching again leaves the two missing.
    await page.getByTestId('import-report-match-again').click();
    await page.getByTestId('import-report-counts').getByText('2 matched, 0 to choose, 2 missing').waitFor();

    await page.getByRole('link', { name: 'Harbour event' }).click();
    await page.getByRole('heading', { name: 'Harbour event', level: 1 }).waitFor();
    // Imported: its report is offered from the list.
    await page.getByTestId('reading-list-report').waitFor();
    const rows = page.getByTestId('reading-list-books').getByRole('listitem');
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('The Quiet Forest · #1'),
      expect.stringContaining('Harbour Lights · #2'),
    ]);
    await page.getByTestId('reading-list-delete').click();
    await page.getByText('No reading list yet.').waitFor();
  });
});
