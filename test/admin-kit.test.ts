import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './support/admin-browser.js';
import { formatViolations, scanAccessibility, WCAG_21_AA_TAGS } from './support/axe.js';

/**
 * The design system's components (apps/admin/src/lib/ui) on their page, /kit, in a real Chromium: the dialog on the
 * native <dialog> (Escape, focus back), the action menu (arrow keys, Escape, click outside), the tabs (roving
 * tabindex), a field's described-by and invalid state, the cover's placeholder, progress and badge, the toast region,
 * and axe (WCAG 2.1 AA) over all of them in both themes. Screenshots: kit-<theme>-<width>.
 */
const admin = useAdminBrowser();

async function kitPage(): Promise<Page> {
  const page = await admin.signedInPage({ path: '/kit' });
  await page.getByRole('heading', { level: 1, name: 'Design system' }).waitFor();
  return page;
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element
      ? `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${element.textContent?.trim()}`
      : '';
  });

describe('the UI kit', { timeout: 120_000 }, () => {
  it('opens the dialog as a modal, closes it with Escape and gives the focus back to its opener', async () => {
    const page = await kitPage();
    const opener = page.getByTestId('open-dialog');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this library?' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(':modal'))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    // The footer's action closes it too; so does the close button.
    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('runs the action menu by keyboard and closes it with Escape or a click outside', async () => {
    const page = await kitPage();
    const trigger = page.getByRole('button', { name: 'Actions for Harbour Lights' }).first();
    expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toBe('menuitem:Edit');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('menuitem:Mark read');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('menuitem:Delete');
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('menuitem:Edit');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('menuitem:Delete');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');

    // ArrowDown on the trigger opens it; Enter on an item runs the item and closes the menu.
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('menu-chosen').textContent()).toBe('Chosen: Mark read');

    // A click outside closes it.
    await trigger.click();
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await menu.waitFor({ state: 'hidden' });
  });

  it('moves between tabs with the arrow keys, one tab in the tab order', async () => {
    const page = await kitPage();
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(3);
    const tabIndexes = () => tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('tabindex')));
    expect(await tabIndexes()).toEqual(['0', '-1', '-1']);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('tab:Languages');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabIndexes()).toEqual(['-1', '0', '-1']);
    expect(await page.getByRole('tabpanel').textContent()).toContain('The Languages panel.');
    await page.keyboard.press('End');
    expect(await focused(page)).toBe('tab:About');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('tab:General');
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      await tabs.first().getAttribute('id'),
    );
  });

  it('wires a field to its help and error, and draws the cover placeholder, progress and badge', async () => {
    const page = await kitPage();
    const input = page.getByRole('textbox', { name: 'Name' });
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await input.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(descriptions).toEqual(['As printed on the cover.', 'A name is required.']);
    await input.fill('Harbour Lights');
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    expect(await input.getAttribute('aria-describedby')).toBe(describedBy[0]);

    // A cover whose image fails shows the one placeholder (the title's initials), and its progress.
    const failed = page.getByTestId('failed-cover');
    await failed.locator('.placeholder').waitFor();
    expect(await failed.locator('img').count()).toBe(0);
    expect(await failed.locator('.initials').textContent()).toBe('ÉD');
    expect(await failed.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByRole('img', { name: '3 unread' }).textContent()).toBe('3');
    await page.getByRole('checkbox', { name: 'Select Harbour Lights' }).check();

    // The toast says it in the status region.
    await page.getByRole('button', { name: 'Show a toast' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Saved.');
    // The busy button cannot be clicked twice: it says it is busy.
    expect(await page.getByTestId('busy-button').getAttribute('aria-busy')).toBe('true');
  });

  it(
    'passes axe (WCAG 2.1 AA) in both themes, open menu and dialog included, at 1366 px and 360 px',
    { timeout: 180_000 },
    async () => {
      const failures: string[] = [];
      for (const [width, height] of [
        [1366, 900],
        [360, 740],
      ] as const) {
        const page = await kitPage();
        await page.setViewportSize({ width, height });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, colorScheme);
          await admin.screenshot(page, `kit-${colorScheme}-${width}`);
          const scan = async (where: string) => {
            const violations = await scanAccessibility(page, { tags: WCAG_21_AA_TAGS });
            const blocking = violations.filter(
              (violation) => violation.impact === 'serious' || violation.impact === 'critical',
            );
            if (blocking.length > 0)
              failures.push(`${where}, ${colorScheme}, ${width}px:\n${formatViolations(blocking)}`);
          };
          await scan('kit');
          await page.getByRole('button', { name: 'Actions for Harbour Lights' }).first().click();
          await page.getByRole('menu').waitFor();
          await scan('kit, menu open');
          await page.keyboard.press('Escape');
          await page.getByTestId('open-dialog').click();
          await page.getByRole('dialog').waitFor();
          if (width === 1366) await admin.screenshot(page, `kit-dialog-${colorScheme}`);
          await scan('kit, dialog open');
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'hidden' });
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    },
  );
});
