import { describe, expect, it } from 'vitest';
import { clampZoom, fitSizes, scrollAfterZoom, stepZoom } from './fit-size.js';

const page = { width: 1000, height: 1500 };
const box = { width: 1200, height: 900 };

describe('fitSizes', () => {
  it('fits one page to the width, the height, the screen or its own pixels', () => {
    expect(fitSizes([page], box, 'width')).toEqual([{ width: 1200, height: 1800 }]);
    expect(fitSizes([page], box, 'height')).toEqual([{ width: 600, height: 900 }]);
    expect(fitSizes([page], box, 'screen')).toEqual([{ width: 600, height: 900 }]);
    expect(fitSizes([page], { width: 300, height: 900 }, 'screen')).toEqual([{ width: 300, height: 450 }]);
    expect(fitSizes([page], box, 'original')).toEqual([{ width: 1000, height: 1500 }]);
  });
  it('stops fit width at the maximum width of a page, a spread at twice it', () => {
    expect(fitSizes([{ width: 400, height: 2000 }], { width: 1366, height: 768 }, 'width', 1, 800)).toEqual([
      { width: 800, height: 4000 },
    ]);
    expect(fitSizes([page], { width: 360, height: 740 }, 'width', 1, 800)).toEqual([{ width: 360, height: 540 }]);
    expect(fitSizes([page, page], { width: 2000, height: 900 }, 'width', 1, 800)).toEqual([
      { width: 800, height: 1200 },
      { width: 800, height: 1200 },
    ]);
    // Zoomed, the page grows past it.
    expect(fitSizes([page], box, 'width', 2, 800)).toEqual([{ width: 1600, height: 2400 }]);
    expect(fitSizes([page], box, 'height', 1, 300)).toEqual([{ width: 600, height: 900 }]);
  });
  it('fits a spread of two pages as one picture, both at one height', () => {
    const wideSecond = { width: 2000, height: 1500 };
    expect(fitSizes([page, page], box, 'width')).toEqual([
      { width: 600, height: 900 },
      { width: 600, height: 900 },
    ]);
    expect(fitSizes([page, wideSecond], box, 'screen')).toEqual([
      { width: 400, height: 600 },
      { width: 800, height: 600 },
    ]);
  });
  it('draws a page of unknown size at 2:3, and multiplies by the zoom', () => {
    expect(fitSizes([{ width: null, height: null }], box, 'height')).toEqual([{ width: 600, height: 900 }]);
    expect(fitSizes([page], box, 'height', 2)).toEqual([{ width: 1200, height: 1800 }]);
  });
  it('gives nothing for an empty box', () => {
    expect(fitSizes([page], { width: 0, height: 0 }, 'width')).toEqual([{ width: 0, height: 0 }]);
  });
});

describe('zoom', () => {
  it('steps in and out between 1 and 4, back to exactly 1', () => {
    expect(stepZoom(1, 'in')).toBe(1.25);
    expect(stepZoom(1.25, 'out')).toBe(1);
    expect(stepZoom(1, 'out')).toBe(1);
    expect(stepZoom(3.9, 'in')).toBe(4);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
  it('keeps the point under the fingers in place', () => {
    expect(scrollAfterZoom({ left: 0, top: 0 }, { x: 100, y: 50 }, 1, 2)).toEqual({ left: 100, top: 50 });
    expect(scrollAfterZoom({ left: 100, top: 50 }, { x: 100, y: 50 }, 2, 1)).toEqual({ left: 0, top: 0 });
  });
});
