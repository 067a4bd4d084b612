// better-sqlite3 (a dependency of @mikro-orm/sqlite) ships no types and @types/better-sqlite3 is not
// installed: only what these tests call is declared.
declare module 'better-sqlite3' {
  interface Options {
    readonly?: boolean;
    fileMustExist?: boolean;
  }
  interface Statement {
    all(...params: unknown[]): unknown[];
  }
  class Database {
    constructor(filename: string, options?: Options);
    prepare(source: string): Statement;
    pragma(source: string, options: { simple: true }): unknown;
    pragma(source: string): unknown[];
    close(): this;
  }
  export default Database;
}
