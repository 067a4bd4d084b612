import type { Page } from 'playwright-core';

/** WCAG's minimum for text: a control whose words or icon fall below it on hover has "vanished". */
const MIN_CONTRAST = 4.5;

/**
 * Hovers each enabled button of `scope` and measures its text colour against its background (its own, else the
 * nearest opaque one behind it); returns one line per button below WCAG's 4.5:1, as "<name>: <ratio>".
 */
export async function hoverContrastFailures(page: Page, scope: string): Promise<string[]> {
  const buttons = page.locator(`${scope} button:visible:not(:disabled)`);
  const failures: string[] = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    await button.hover();
    const measured = await button.evaluate((element) => {
      const rgba = (value: string) => {
        const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
        return { r, g, b, a: value.startsWith('rgba') ? a : 1 };
      };
      const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      let behind: Element | null = element;
      let background = rgba(getComputedStyle(element).backgroundColor);
      while (background.a < 0.5 && behind?.parentElement) {
        behind = behind.parentElement;
        background = rgba(getComputedStyle(behind).backgroundColor);
      }
      const [light, dark] = [luminance(rgba(getComputedStyle(element).color)), luminance(background)].sort(
        (a, b) => b - a,
      );
      const name = element.getAttribute('aria-label') || element.textContent?.trim() || element.outerHTML.slice(0, 60);
      return { name, ratio: (light! + 0.05) / (dark! + 0.05) };
    });
    if (measured.ratio < MIN_CONTRAST) failures.push(`${measured.name}: ${measured.ratio.toFixed(2)}:1 on hover`);
  }
  await page.mouse.move(0, 0);
  return failures;
}
