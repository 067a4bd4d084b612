import { describe, expect, it } from 'vitest';
import { keyAction, pointerAction } from './gestures.js';

const area = { left: 0, width: 300 };

describe('pointerAction', () => {
  it('turns forward on a swipe to the left and back on a swipe to the right', () => {
    expect(pointerAction({ x: 200, y: 100 }, { x: 100, y: 110 }, area)).toBe('next');
    expect(pointerAction({ x: 100, y: 100 }, { x: 220, y: 90 }, area)).toBe('previous');
  });

  it('ignores a move that is mostly vertical (scrolling a page at full width) or too short', () => {
    expect(pointerAction({ x: 100, y: 100 }, { x: 150, y: 300 }, area)).toBeNull();
    expect(pointerAction({ x: 100, y: 100 }, { x: 125, y: 100 }, area)).toBeNull();
  });

  it('maps a tap to the thirds of the page: back, controls, forward', () => {
    expect(pointerAction({ x: 50, y: 10 }, { x: 52, y: 11 }, area)).toBe('previous');
    expect(pointerAction({ x: 150, y: 10 }, { x: 150, y: 10 }, area)).toBe('menu');
    expect(pointerAction({ x: 290, y: 10 }, { x: 290, y: 10 }, area)).toBe('next');
    expect(pointerAction({ x: 1050, y: 10 }, { x: 1050, y: 10 }, { left: 1000, width: 300 })).toBe('previous');
  });
});

const key = (key: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...extra,
});
const page = { tagName: 'DIV' };

describe('keyAction', () => {
  it('turns pages with the arrows, Page Up/Down and Space', () => {
    expect(keyAction(key('ArrowRight'), page)).toBe('next');
    expect(keyAction(key('PageDown'), page)).toBe('next');
    expect(keyAction(key(' '), page)).toBe('next');
    expect(keyAction(key('ArrowLeft'), page)).toBe('previous');
    expect(keyAction(key('PageUp'), page)).toBe('previous');
    expect(keyAction(key(' ', { shiftKey: true }), page)).toBe('previous');
    expect(keyAction(key('Home'), page)).toBe('first');
    expect(keyAction(key('End'), page)).toBe('last');
    expect(keyAction(key('Escape'), page)).toBe('close');
  });

  it('leaves arrows and Space to the control that has the focus, and shortcuts to the browser', () => {
    expect(keyAction(key('ArrowRight'), { tagName: 'INPUT', type: 'range' })).toBeNull();
    expect(keyAction(key(' '), { tagName: 'BUTTON' })).toBeNull();
    // After a click on "Next page", the arrows still turn pages.
    expect(keyAction(key('ArrowRight'), { tagName: 'BUTTON' })).toBe('next');
    expect(keyAction(key('PageDown'), { tagName: 'INPUT' })).toBe('next');
    expect(keyAction(key('Escape'), { tagName: 'INPUT' })).toBe('close');
    expect(keyAction(key('ArrowRight', { ctrlKey: true }), page)).toBeNull();
    expect(keyAction(key('ArrowDown'), page)).toBeNull();
  });
});

describe('right to left and vertical reading', () => {
  it('mirrors swipes and tap zones in right to left reading', () => {
    expect(pointerAction({ x: 200, y: 100 }, { x: 100, y: 110 }, area, 'rtl')).toBe('previous');
    expect(pointerAction({ x: 100, y: 100 }, { x: 220, y: 90 }, area, 'rtl')).toBe('next');
    expect(pointerAction({ x: 50, y: 10 }, { x: 52, y: 11 }, area, 'rtl')).toBe('next');
    expect(pointerAction({ x: 290, y: 10 }, { x: 290, y: 10 }, area, 'rtl')).toBe('previous');
    expect(pointerAction({ x: 150, y: 10 }, { x: 150, y: 10 }, area, 'rtl')).toBe('menu');
  });
  it('mirrors the arrows but not Page Down or Space in right to left reading', () => {
    expect(keyAction(key('ArrowLeft'), page, 'rtl')).toBe('next');
    expect(keyAction(key('ArrowRight'), page, 'rtl')).toBe('previous');
    expect(keyAction(key('PageDown'), page, 'rtl')).toBe('next');
    expect(keyAction(key(' '), page, 'rtl')).toBe('next');
  });
  it('leaves scrolling to the browser in the vertical modes: no swipes or side taps, Space scrolls', () => {
    expect(pointerAction({ x: 200, y: 100 }, { x: 100, y: 110 }, area, 'webtoon')).toBeNull();
    expect(pointerAction({ x: 290, y: 10 }, { x: 290, y: 10 }, area, 'vertical')).toBe('menu');
    expect(keyAction(key(' '), page, 'webtoon')).toBeNull();
    expect(keyAction(key('PageDown'), page, 'vertical')).toBeNull();
    expect(keyAction(key('ArrowRight'), page, 'vertical')).toBe('next');
  });
  it('has keys for help, fullscreen and zoom, except in a field', () => {
    expect(keyAction(key('?', { shiftKey: true }), page)).toBe('help');
    expect(keyAction(key('f'), page)).toBe('fullscreen');
    expect(keyAction(key('+'), page)).toBe('zoom-in');
    expect(keyAction(key('-'), page)).toBe('zoom-out');
    expect(keyAction(key('0'), page)).toBe('zoom-reset');
    expect(keyAction(key('f'), { tagName: 'INPUT', type: 'text' })).toBeNull();
  });
});
