/**
 * V8 flags and environment the server is started with: `npm start`, the Docker image, the benchmarks and the
 * end-to-end tests all pass them. V8 and glibc read them only when the process starts, so they cannot be set from
 * inside.
 *
 * `--max-semi-space-size=2`: a young generation of 2 × 2 MB instead of Node 24's 2 × 32 MB (the reader processes use
 * the same). A scan makes a lot of short-lived garbage, which is collected just as well in the smaller space.
 *
 * `--heap-growing-percent=20`: after each full collection the old generation may grow by a fifth of what is live
 * before the next one. V8's own factor goes up to 4× when collecting looks cheap, so during a 100k-file scan it let
 * 190 MB of garbage pile up over 90 MB of live data. Unlike --max-old-space-size it sets no ceiling: a bigger
 * library still fits.
 *
 * Measured on a 100k-file first scan (SQLite), two servers side by side: with 2 × 8 MB and 50% the server's peak was
 * 278 MB (old generation 122 MB at the peak), with these 244 MB (85 MB), for 2% more CPU time (server and readers).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/**
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (libuv's pool, V8's helpers, the analysis thread,
 * SQLite's calls) an arena of its own, up to 8 per core, and an arena keeps what it freed. With two, the server's
 * peak during a 20k-file first scan (SQLite, no covers) went from 204–205 MB to 178–184 MB for the same CPU per file
 * (0.38–0.40 ms). Ignored where the C library is not glibc. The reader processes set their own (reader-pool.ts).
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The flags this process was started without (they only cost memory when missing; the server runs either way). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}

/** The variables of SERVER_ENVIRONMENT this process was started without, as `NAME=value`. */
export function missingServerEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(SERVER_ENVIRONMENT)
    .filter(([name, value]) => env[name] !== value)
    .map(([name, value]) => `${name}=${value}`);
}
