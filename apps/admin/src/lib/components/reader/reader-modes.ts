/** The reader's choices (contract of issue 21: GET/PUT /series/{series_id}/reader-settings). */
export type Direction = 'ltr' | 'rtl' | 'vertical' | 'webtoon';
export type Layout = 'auto' | 'single' | 'double' | 'double-cover';
export type FitMode = 'width' | 'height' | 'screen' | 'original';
export type Background = 'dark' | 'grey' | 'light';

export const DIRECTIONS: readonly Direction[] = ['ltr', 'rtl', 'vertical', 'webtoon'];
export const LAYOUTS: readonly Layout[] = ['auto', 'single', 'double', 'double-cover'];
export const FIT_MODES: readonly FitMode[] = ['width', 'height', 'screen', 'original'];
export const BACKGROUNDS: readonly Background[] = ['dark', 'grey', 'light'];

/** Vertical and webtoon scroll a column of pages; ltr and rtl turn pages (or spreads). */
export const isPaged = (direction: Direction): boolean => direction === 'ltr' || direction === 'rtl';

/** A page's size in pixels from GET /books/{id}/pages; null while the server does not know it (solid archives). */
export interface PageSize {
  width: number | null;
  height: number | null;
}

/** A page wider than it is tall is a spread of its own: it is never paired. Unknown sizes count as a single page. */
export const isWide = (size: PageSize | undefined): boolean =>
  !!size && size.width !== null && size.height !== null && size.width > size.height;
