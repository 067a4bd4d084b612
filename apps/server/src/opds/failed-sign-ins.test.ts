import { describe, expect, it } from 'vitest';
import { FailedSignIns } from './failed-sign-ins.js';

describe('FailedSignIns', () => {
  it('blocks an address after the allowed failures until its window ends, and only that address', () => {
    let now = 0;
    const failures = new FailedSignIns(3, 10_000, () => now);
    for (let i = 0; i < 2; i++) failures.recordFailure('10.0.0.1');
    expect(failures.blockedFor('10.0.0.1')).toBe(0);
    failures.recordFailure('10.0.0.1');
    expect(failures.blockedFor('10.0.0.1')).toBe(10);
    expect(failures.blockedFor('10.0.0.2')).toBe(0);
    now = 9_500;
    expect(failures.blockedFor('10.0.0.1')).toBe(1);
    now = 10_000;
    expect(failures.blockedFor('10.0.0.1')).toBe(0);
  });
});
