import { describe, expect, it } from 'vitest';
import { ResourceBudget } from '../src/resource-budget.js';

describe('ResourceBudget', () => {
  it('allows the budget per resource in a rolling window, then says how long to wait', () => {
    let now = 1_000;
    const budget = new ResourceBudget(2, 60_000, () => now);
    expect(budget.take('search')).toBe(0);
    now += 10_000;
    expect(budget.take('search')).toBe(0);
    expect(budget.take('issues')).toBe(0);
    now += 5_000;
    expect(budget.take('search')).toBe(45_000);
    now += 45_000;
    expect(budget.take('search')).toBe(0);
    expect(budget.take('search')).toBe(10_000);
  });

  it('does not count refused requests', () => {
    let now = 0;
    const budget = new ResourceBudget(1, 1_000, () => now);
    expect(budget.take('volume')).toBe(0);
    for (let i = 0; i < 5; i += 1) expect(budget.take('volume')).toBeGreaterThan(0);
    now = 1_000;
    expect(budget.take('volume')).toBe(0);
  });
});
