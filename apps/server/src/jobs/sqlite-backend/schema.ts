/** Table names end up in SQL text, so only plain identifiers are accepted. */
export function assertTableName(tableName: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tableName)) {
    throw new Error(`Invalid table name for the SQLite job backend: ${JSON.stringify(tableName)}`);
  }
}

/**
 * Dates are INTEGER milliseconds since the epoch so that comparisons are plain number comparisons; `data` and
 * `skip_days` are JSON text. `repeat_interval` has no declared type on purpose: Agenda accepts a number of
 * milliseconds or a string (human interval or cron), and a typeless column keeps whichever was given.
 * No STRICT table: tools bundling SQLite older than 3.37 would then refuse to open the whole shared file.
 */
export function createSchemaSql(table: string): string {
  return `
    CREATE TABLE IF NOT EXISTS "${table}" (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0,
      next_run_at INTEGER,
      type TEXT NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at INTEGER,
      last_finished_at INTEGER,
      failed_at INTEGER,
      fail_count INTEGER,
      fail_reason TEXT,
      repeat_timezone TEXT,
      last_run_at INTEGER,
      repeat_interval,
      data TEXT NOT NULL DEFAULT 'null',
      repeat_at TEXT,
      disabled INTEGER NOT NULL DEFAULT 0,
      progress REAL,
      fork INTEGER NOT NULL DEFAULT 0,
      last_modified_by TEXT,
      debounce_started_at INTEGER,
      start_date INTEGER,
      end_date INTEGER,
      skip_days TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    -- Serves getNextJobToRun: per name, the earliest due enabled job.
    CREATE INDEX IF NOT EXISTS "${table}_find_and_lock_idx"
      ON "${table}" (name, next_run_at, priority DESC, locked_at) WHERE disabled = 0;
    -- every() saves type 'single' jobs with an upsert on the name; this index is its conflict target.
    CREATE UNIQUE INDEX IF NOT EXISTS "${table}_single_job_idx" ON "${table}" (name) WHERE type = 'single';
    CREATE INDEX IF NOT EXISTS "${table}_locked_at_idx" ON "${table}" (locked_at) WHERE locked_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS "${table}_next_run_at_idx" ON "${table}" (next_run_at) WHERE next_run_at IS NOT NULL;
  `;
}
