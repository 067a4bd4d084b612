import { CronExpressionParser } from 'cron-parser';

/**
 * A recurring schedule as users write it: a word (the words `metadata_refresh_mode` uses, plus `every_6h`) or a cron
 * expression. Cron strings are checked with cron-parser, the parser Agenda itself uses for `repeatEvery`, so a
 * schedule accepted here is one the scheduler can run.
 */
export const SCHEDULE_WORDS = ['manual', 'hourly', 'every_6h', 'daily', 'weekly'] as const;
export type ScheduleWord = (typeof SCHEDULE_WORDS)[number];

const INTERVALS: Record<Exclude<ScheduleWord, 'manual'>, string> = {
  hourly: '1 hour',
  every_6h: '6 hours',
  daily: '1 day',
  weekly: '1 week',
};

/** Longest schedule stored (a cron expression with lists and ranges in each field). */
export const SCHEDULE_MAX_LENGTH = 100;

const isWord = (value: string): value is ScheduleWord => (SCHEDULE_WORDS as readonly string[]).includes(value);

/** Why `value` is not a schedule, or null when it is one. */
export function scheduleProblem(value: string): string | null {
  const trimmed = value.trim();
  if (isWord(trimmed)) return null;
  if (trimmed.length === 0) return `must be one of ${SCHEDULE_WORDS.join(', ')} or a cron expression`;
  if (trimmed.length > SCHEDULE_MAX_LENGTH) return `must be at most ${SCHEDULE_MAX_LENGTH} characters`;
  // cron-parser fills missing fields with `*`: "* * *" would silently mean every minute.
  const fields = trimmed.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) {
    return `not a cron expression: "${trimmed}" has ${fields} field${fields === 1 ? '' : 's'} (5, or 6 with seconds first)`;
  }
  try {
    CronExpressionParser.parse(trimmed).next();
    return null;
  } catch (error) {
    return `not a cron expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The stored form of a valid schedule (surrounding and repeated spaces dropped). */
export function normaliseSchedule(value: string): string {
  const trimmed = value.trim();
  return isWord(trimmed) ? trimmed : trimmed.split(/\s+/).join(' ');
}

/** What Agenda's `repeatEvery` takes for a schedule: a human interval, the cron string, or null for `manual`. */
export function repeatInterval(schedule: string): string | null {
  if (!isWord(schedule)) return schedule;
  return schedule === 'manual' ? null : INTERVALS[schedule];
}
