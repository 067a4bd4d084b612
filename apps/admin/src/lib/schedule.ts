/** The schedule words of the contract (ScanSchedule, BackupSchedule); anything else is a cron expression. */
export const SCHEDULE_WORDS = ['manual', 'hourly', 'every_6h', 'daily', 'weekly'] as const;
export type ScheduleWord = (typeof SCHEDULE_WORDS)[number];

export const isScheduleWord = (value: string): value is ScheduleWord =>
  (SCHEDULE_WORDS as readonly string[]).includes(value);
