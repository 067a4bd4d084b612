import type { Locator, Page } from 'playwright-core';

/** Whether two elements' boxes on screen share any area (a toast over a button, a label over a field). */
export async function overlapping(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

/** The toasts on screen (ToastRegion). */
export const toastsOf = (page: Page): Locator => page.getByTestId('toasts').locator(':scope > *');

/**
 * What a page breaks in its layout, in words (empty when nothing): wider than the viewport (a phone then shows it
 * zoomed out), a selected tab scrolled out of its list's view, a row's header in the column headers' small capitals,
 * a checkbox or radio above its label.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) {
      // Name the elements that reach past the right edge, the outermost first, to say where to look.
      const past = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((element) => element.getBoundingClientRect().width > 0)
        .slice(0, 3)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      faults.push(`${scrollWidth} px wide in a ${window.innerWidth} px viewport (past the edge: ${past.join(', ')})`);
    }
    for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"]')) {
      const list = tab.closest<HTMLElement>('[role="tablist"]');
      if (!list) continue;
      const [box, view] = [tab.getBoundingClientRect(), list.getBoundingClientRect()];
      if (box.left < view.left - 0.5 || box.right > view.right + 0.5)
        faults.push(`the selected tab "${tab.textContent?.trim()}" is out of its list's view`);
    }
    for (const header of document.querySelectorAll<HTMLElement>('th[scope="row"]')) {
      if (getComputedStyle(header).textTransform === 'uppercase')
        faults.push(`the row header "${header.textContent?.trim()}" is in capitals`);
    }
    // A checkbox or radio sits beside its label's words, on their first line (never above them).
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'label input[type="checkbox"], label input[type="radio"]',
    )) {
      const label = input.closest('label')!;
      const box = input.getBoundingClientRect();
      if (box.width === 0) continue;
      const words = [...label.childNodes].find((node) => node !== input && (node.textContent ?? '').trim() !== '');
      if (!words) continue;
      const range = document.createRange();
      range.selectNodeContents(words);
      const first = range.getClientRects()[0];
      if (first && (first.top >= box.bottom || first.bottom <= box.top))
        faults.push(`the ${input.type} of "${label.textContent?.trim()}" is not beside its label`);
    }
    return faults;
  });
}
