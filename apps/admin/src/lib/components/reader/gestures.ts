export type Turn = 'next' | 'previous';
export type PointerAction = Turn | 'menu' | null;

/** A horizontal move at least this long (CSS px) and clearly more horizontal than vertical is a swipe. */
const SWIPE_MIN = 40;
/** A press that moved less than this is a tap (a tap zone), anything between is ignored (a scroll, a zoom). */
const TAP_MAX = 10;

/**
 * What a pointer gesture on the page means, left-to-right reading: a swipe to the left turns forward, to the right
 * back; a tap in the left third goes back, the right third forward, the middle shows or hides the controls.
 */
export function pointerAction(
  start: { x: number; y: number },
  end: { x: number; y: number },
  area: { left: number; width: number },
): PointerAction {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(dy) * 1.5) return dx < 0 ? 'next' : 'previous';
  if (Math.hypot(dx, dy) > TAP_MAX || area.width <= 0) return null;
  const at = (end.x - area.left) / area.width;
  if (at < 1 / 3) return 'previous';
  if (at > 2 / 3) return 'next';
  return 'menu';
}

export type KeyAction = Turn | 'first' | 'last' | 'close' | null;

/**
 * The reader's keys (Up and Down are left to scroll a page shown at full width). Arrows and Space are left alone on a control that uses them itself (the slider, a button,
 * a field), so the page never turns while the reader is working a control.
 */
export function keyAction(
  event: { key: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  target: { tagName: string; type?: string } | null,
): KeyAction {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.key === 'Escape') return 'close';
  const tag = target?.tagName.toUpperCase() ?? '';
  // A field uses the arrows, Home and End itself; a button or a link only Space (and Enter). After a click on
  // the reader's own buttons the arrows keep turning pages.
  const usesArrows = tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
  const usesSpace = usesArrows || tag === 'BUTTON' || tag === 'A';
  switch (event.key) {
    case 'PageDown':
      return 'next';
    case 'PageUp':
      return 'previous';
    case 'ArrowRight':
      return usesArrows ? null : 'next';
    case 'ArrowLeft':
      return usesArrows ? null : 'previous';
    case ' ':
      return usesSpace ? null : event.shiftKey ? 'previous' : 'next';
    case 'Home':
      return usesArrows ? null : 'first';
    case 'End':
      return usesArrows ? null : 'last';
    default:
      return null;
  }
}
