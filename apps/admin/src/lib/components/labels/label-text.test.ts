import { describe, expect, it } from 'vitest';
import { namesLabel, toggleLabel } from './label-text.js';

describe('a known label picked in a comma-separated field', () => {
  it('is added at the end when not named, after the names typed', () => {
    expect(toggleLabel('', 'Mature')).toBe('Mature');
    expect(toggleLabel('Kids, ', 'Mature')).toBe('Kids, Mature');
  });

  it('is taken out when named, the other names kept in their order', () => {
    expect(toggleLabel('Kids, Mature ,Horror', 'Mature')).toBe('Kids, Horror');
  });

  it('is compared exactly, as the server stores names', () => {
    expect(namesLabel('mature', 'Mature')).toBe(false);
    expect(namesLabel(' Mature ,x', 'Mature')).toBe(true);
  });
});
