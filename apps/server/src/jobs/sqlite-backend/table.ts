import type { SqliteDatabase, Statement } from './connection.js';
import type { JobRow } from './rows.js';

/** The jobs table on an open connection, with prepared statements cached by their SQL text. */
export class JobTable {
  readonly db: SqliteDatabase;
  /** The quoted table name, ready for SQL text. */
  readonly sqlName: string;
  private readonly statements = new Map<string, Statement<unknown>>();

  constructor(db: SqliteDatabase, tableName: string) {
    this.db = db;
    this.sqlName = `"${tableName}"`;
  }

  /** `{t}` in the SQL text stands for the table. */
  statement<Row = JobRow>(sql: string): Statement<Row> {
    const text = sql.replaceAll('{t}', this.sqlName);
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare<unknown>(text);
      this.statements.set(text, statement);
    }
    return statement as Statement<Row>;
  }

  /**
   * Runs `fn` in a `BEGIN IMMEDIATE` transaction. better-sqlite3 is synchronous, so the transaction never spans an
   * await: no other code of this process runs inside it, and other connections wait on the write lock.
   */
  immediate<Result>(fn: () => Result): Result {
    return this.db.transaction(fn).immediate();
  }
}
