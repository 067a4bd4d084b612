/**
 * V8 flags the server is started with: `npm start`, the Docker image, the benchmarks and the end-to-end tests all
 * pass them. V8 reads them only when the process starts, so they cannot be set from inside.
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

/** The flags this process was started without (they only cost memory when missing; the server runs either way). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
