/** What the owned / expected bar needs from a series (a list item or a series' details). */
export interface VolumeCounts {
  owned_count: number;
  missing_count: number;
  total_volumes: number | null;
  chapter_count: number;
  first_chapter: number | null;
  last_chapter: number | null;
}

/**
 * A series made only of chapters (manga, web comics) has no volume to count: its loose chapters are shown instead,
 * their count and range. Null when the series has volumes, or no loose chapters.
 */
export function chapterSpan(series: VolumeCounts): { count: number; first: number; last: number } | null {
  if (series.owned_count > 0 || series.chapter_count === 0) return null;
  if (series.first_chapter === null || series.last_chapter === null) return null;
  return { count: series.chapter_count, first: series.first_chapter, last: series.last_chapter };
}

export interface OwnedProgress {
  owned: number;
  expected: number;
  /** 0–1, capped: a library can hold more volumes than the count it was given. */
  ratio: number;
}

/**
 * Owned against expected volumes. Expected is the series' own total when it has one; otherwise owned + missing,
 * because the server's missing count already falls back to the linked provider's volume count. Null when nothing
 * is expected and nothing is owned (no bar to draw).
 */
export function ownedProgress(
  series: Pick<VolumeCounts, 'owned_count' | 'missing_count' | 'total_volumes'>,
): OwnedProgress | null {
  const owned = series.owned_count;
  const expected = series.total_volumes ?? owned + series.missing_count;
  if (expected <= 0 && owned <= 0) return null;
  const ratio = expected <= 0 ? 1 : Math.min(1, owned / expected);
  return { owned, expected, ratio };
}
