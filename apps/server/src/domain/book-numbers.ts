import type { VolumeKind } from '../entities/book.entity.js';

/** A book's place in its series: volume (or range), chapter (or range) and kind. */
export interface BookNumbers {
  volume: number | null;
  volumeEnd: number | null;
  chapter: number | null;
  chapterEnd: number | null;
  kind: VolumeKind;
}

/** What ComicInfo.xml says about the book's place (indexer/formats/comic-info.ts). */
export interface EmbeddedNumbers {
  /** `Number`: the book's own number. */
  number?: number;
  /** `Volume` when it is a volume; absent when it is a year (then it is `runYear`). */
  volume?: number;
}

/**
 * The numbers a scan stores: the file name's first (the user controls it and sees it), ComicInfo filling what the
 * name leaves out. What ComicInfo's `Number` is depends on how the book is tagged:
 *  - a chapter-style name (`Series c025`), or a ComicInfo `Volume` that is a volume (manga tagging: `Volume` 3,
 *    `Number` 25) makes `Number` the chapter: volume 3, chapter 25. A `Number` equal to `Volume` only repeats the
 *    volume's own number (tankōbon tagged `Volume` 3, `Number` 3) and is no chapter;
 *  - otherwise (western comics: `Volume` 2016 is the run's start year, or no `Volume`) `Number` is the issue, which
 *    Shelfmark stores as the volume: `Batman (2016) #12` is number 12.
 * A hors-série, intégrale or one-shot keeps its kind; a book left with a chapter and no volume is a chapter.
 */
export function bookNumbers(parsed: BookNumbers, embedded: EmbeddedNumbers): BookNumbers {
  const result = { ...parsed };
  const tagsVolumes = embedded.volume !== undefined;
  const numberIsChapter =
    parsed.kind === 'chapter' || parsed.chapter !== null || (tagsVolumes && embedded.number !== embedded.volume);
  if (result.volume === null && tagsVolumes) result.volume = embedded.volume!;
  if (embedded.number !== undefined) {
    if (numberIsChapter) {
      if (result.chapter === null && embedded.number !== result.volume) result.chapter = embedded.number;
    } else if (result.volume === null) result.volume = embedded.number;
  }
  if (result.kind === 'regular' && result.volume === null && result.chapter !== null) result.kind = 'chapter';
  return result;
}

/** A year from a file name as a publication date, stored as its first day (as ComicInfo's year-only dates are). */
export function yearAsDate(year: number | null): string | null {
  return year === null ? null : `${String(year).padStart(4, '0')}-01-01`;
}
