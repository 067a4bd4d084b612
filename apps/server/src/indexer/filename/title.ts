/** Stage 6: the title to show when embedded metadata has none. */
import { collapse } from './normalise.js';
import type { Span } from './series.js';

const SEPARATOR = /[\s\-–—:,;~]/u;

/** The name once the cuts are made, the remaining pieces joined with ` - `; null when nothing readable is left. */
export function buildTitle(text: string, cuts: readonly Span[]): string | null {
  const sorted = cuts.filter((c) => c.end > c.start).sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let position = 0;
  for (const cut of [...sorted, { start: text.length, end: text.length }]) {
    if (cut.start > position) pieces.push(joinDashRuns(trimSeparators(text.slice(position, cut.start))));
    position = Math.max(position, cut.end);
  }
  const title = pieces.filter((p) => /[\p{L}\p{N}]/u.test(p)).join(' - ');
  return title === '' ? null : title;
}

/** A bracket group taken out between two dashes (`Author - [Series 01] - Title`) leaves `- -`: one dash is meant. */
function joinDashRuns(piece: string): string {
  return piece.replace(/\s[-–—](?:\s+[-–—])+(?=\s)/gu, ' -');
}

export function fallbackTitle(text: string, stem: string, fileName: string): string {
  for (const candidate of [text, stem, fileName]) {
    const trimmed = trimSeparators(collapse(candidate));
    if (/[\p{L}\p{N}]/u.test(trimmed)) return trimmed;
  }
  return collapse(fileName) || 'Untitled';
}

/** Separators left at either end of a title piece; a final `.` stays, as in `Dr.` or `etc.`. */
function trimSeparators(piece: string): string {
  let start = 0;
  let end = piece.length;
  while (start < end && (SEPARATOR.test(piece[start] ?? '') || /[.)\]}]/.test(piece[start] ?? ''))) start++;
  while (end > start && (SEPARATOR.test(piece[end - 1] ?? '') || /[#([{]/.test(piece[end - 1] ?? ''))) end--;
  return piece.slice(start, end);
}
