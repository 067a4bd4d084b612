// Recurring schedules (a library's scans, the database backups) and the Backups section of the settings (English,
// the base locale: fr/schedules.ts must have the same keys).
const schedules = {
  words: {
    manual: 'Manual only',
    hourly: 'Every hour',
    every_6h: 'Every 6 hours',
    daily: 'Every day',
    weekly: 'Every week',
  },
  custom: 'Custom (cron)',
  cron: 'Cron expression',
  cronHint: 'Minute hour day month weekday, in the server’s time zone: 0 3 * * * is every day at 03:00.',
  cronLabel: 'Cron: {cron:string}',
  library: {
    label: 'Scan schedule',
    hint: 'New and changed files are picked up by an incremental scan on this schedule.',
  },
  backups: {
    intro:
      'Reading progress, locks and approved matches live in the database. Shelfmark copies it into DATA_DIR/backups on a schedule while it runs. Download a copy to keep it off this machine; the README shows how to restore one.',
    schedule: 'Backup schedule',
    scheduleHint: 'Manual only: backups are made only with “Back up now”.',
    keep: 'Backups kept',
    keepHint: 'Older backups are deleted after each backup.',
    keepInvalid: 'Enter a whole number from 1 to 365.',
    backUpNow: 'Back up now',
    starting: 'Starting…',
    list: 'Backups',
    name: 'File',
    size: 'Size',
    createdAt: 'Made',
    download: 'Download',
    downloadOf: 'Download {name:string}',
    none: 'No backup yet.',
    postgres:
      'This server uses PostgreSQL: back it up with pg_dump and restore with pg_restore (see the README). Shelfmark makes no backups of its own.',
  },
};

export default schedules;
