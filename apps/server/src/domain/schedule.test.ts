import { describe, expect, it } from 'vitest';
import { normaliseSchedule, repeatInterval, scheduleProblem } from './schedule.js';

describe('schedules', () => {
  it('accepts the words and cron expressions of 5 or 6 fields', () => {
    for (const value of [
      'manual',
      'hourly',
      'every_6h',
      'daily',
      'weekly',
      '0 3 * * *',
      '*/10 * * * * *',
      '0 4 * * 1-5',
    ])
      expect(scheduleProblem(value), value).toBeNull();
  });

  it('names what is wrong with anything else', () => {
    expect(scheduleProblem('')).toMatch(/must be one of manual, hourly/);
    expect(scheduleProblem('sometimes')).toMatch(/^not a cron expression: "sometimes" has 1 field /);
    expect(scheduleProblem('* * *')).toMatch(/has 3 fields/);
    expect(scheduleProblem('61 * * * *')).toMatch(/^not a cron expression: .*61/);
    expect(scheduleProblem('0 0 31 2 *')).toMatch(/^not a cron expression: /);
    expect(scheduleProblem(`${'1,'.repeat(60)}2 * * * *`)).toMatch(/at most 100 characters/);
  });

  it('maps words to intervals Agenda reads and keeps cron strings as written', () => {
    expect(repeatInterval('manual')).toBeNull();
    expect(repeatInterval('every_6h')).toBe('6 hours');
    expect(repeatInterval('weekly')).toBe('1 week');
    expect(repeatInterval('0 3 * * *')).toBe('0 3 * * *');
    expect(normaliseSchedule('  0   3 * * * ')).toBe('0 3 * * *');
  });
});
