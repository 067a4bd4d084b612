/**
 * Copies `text` to the clipboard. The Clipboard API needs a secure context (HTTPS or localhost), which a server
 * reached by its LAN address over plain HTTP is not: then the text is selected in `field` so that Ctrl+C copies it.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard) throw new Error('no Clipboard API here');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    return 'selected';
  }
}

/** The end of the chosen day, in the browser's time zone, as the API wants it (`expires_at`, date-time). */
export function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

/** Today as an `<input type="date">` value, in the browser's time zone. */
export function todayValue(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
