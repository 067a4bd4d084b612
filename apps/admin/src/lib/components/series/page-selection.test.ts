import { describe, expect, it } from 'vitest';
import { PageSelection } from './page-selection.js';

describe("a page's selection", () => {
  const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));

  it('checks one, then a range with shift from the last one clicked, in the list order', () => {
    const selection = new PageSelection(() => items);
    selection.pick(3, true, false);
    selection.pick(1, true, true);
    expect(selection.chosen.map((item) => item.id)).toEqual(['b', 'c', 'd']);
    selection.pick(2, false, false);
    expect(selection.size).toBe(2);
    expect(selection.all).toBe(false);
  });

  it('selects the whole page, and clears', () => {
    const selection = new PageSelection(() => items);
    selection.pickAll(true);
    expect(selection.all).toBe(true);
    selection.clear();
    expect(selection.size).toBe(0);
    selection.pick(4, true, true);
    expect(selection.chosen.map((item) => item.id)).toEqual(['e']);
  });
});
