import type { Direction } from './reader-modes.js';

export type Turn = 'next' | 'previous';
export type PointerAction = Turn | 'menu' | null;

/** A horizontal move at least this long (CSS px) and clearly more horizontal than vertical is a swipe. */
const SWIPE_MIN = 40;
/** A press that moved less than this is a tap (a tap zone), anything between is ignored (a scroll, a zoom). */
const TAP_MAX = 10;

/** Left and right on the screen, turned into reading order: right to left reading swaps them. */
const towards = (side: 'left' | 'right', direction: Direction): Turn =>
  (side === 'right') === (direction !== 'rtl') ? 'next' : 'previous';

/**
 * What a pointer gesture on the page means. Left to right: a swipe to the left turns forward, to the right back;
 * a tap in the left third goes back, the right third forward, the middle shows or hides the controls. Right to
 * left mirrors all of it (the book's next page is on the left). Vertical modes scroll: only the middle tap counts.
 */
export function pointerAction(
  start: { x: number; y: number },
  end: { x: number; y: number },
  area: { left: number; width: number },
  direction: Direction = 'ltr',
): PointerAction {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const paged = direction === 'ltr' || direction === 'rtl';
  if (paged && Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy) * 1.5) {
    // A finger moving to the left pulls the page on the right into view.
    return towards(dx < 0 ? 'right' : 'left', direction);
  }
  if (Math.hypot(dx, dy) > TAP_MAX || area.width <= 0) return null;
  const at = (end.x - area.left) / area.width;
  if (paged && at < 1 / 3) return towards('left', direction);
  if (paged && at > 2 / 3) return towards('right', direction);
  return 'menu';
}

export type KeyAction =
  Turn | 'first' | 'last' | 'close' | 'help' | 'fullscreen' | 'zoom-in' | 'zoom-out' | 'zoom-reset' | 'controls' | null;

const LETTERS: Record<string, KeyAction> = {
  '?': 'help',
  f: 'fullscreen',
  '+': 'zoom-in',
  '=': 'zoom-in',
  '-': 'zoom-out',
  '0': 'zoom-reset',
  m: 'controls',
};

/**
 * The reader's keys. Arrows and Space are left alone on a control that uses them itself (the slider, a button,
 * a field), so the page never turns while the reader is working a control. Left and Right follow the screen
 * (mirrored in right to left reading), Page Up/Down and Space the reading order. Up and Down are left to scroll a
 * page at full width; in the vertical modes Space and Page Up/Down scroll too (the browser's own).
 */
export function keyAction(
  event: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  target: { tagName: string; type?: string } | null,
  direction: Direction = 'ltr',
): KeyAction {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'Escape') return 'close';
  const tag = target?.tagName.toUpperCase() ?? '';
  // A field uses the arrows, Home and End itself; a button or a link only Space (and Enter). After a click on
  // the reader's own buttons the arrows keep turning pages.
  const usesArrows = tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
  const usesSpace = usesArrows || tag === 'BUTTON' || tag === 'A';
  const paged = direction === 'ltr' || direction === 'rtl';
  switch (event.key) {
    case 'PageDown':
      return paged ? 'next' : null;
    case 'PageUp':
      return paged ? 'previous' : null;
    case 'ArrowRight':
      return usesArrows ? null : towards('right', direction);
    case 'ArrowLeft':
      return usesArrows ? null : towards('left', direction);
    case ' ':
      return usesSpace || !paged ? null : event.shiftKey ? 'previous' : 'next';
    case 'Home':
      return usesArrows ? null : 'first';
    case 'End':
      return usesArrows ? null : 'last';
    default:
      return usesArrows ? null : (LETTERS[event.key] ?? null);
  }
}
