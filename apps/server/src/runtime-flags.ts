/**
 * V8 flags the server is started with: `npm start`, the Docker image, the benchmarks and the end-to-end tests all
 * pass them. V8 reads them only when the process starts, so they cannot be set from inside.
 *
 * `--max-semi-space-size=2`: a young generation of 2 × 2 MB instead of Node 24's 2 × 32 MB (the reader processes use
 * the same). A scan makes a lot of short-lived garbage, which is collected just as well in the smaller space: on a
 * 100k-file first scan the server's peak drops by 12 MB from 2 × 8 MB (30 MB more from 2 × 32 MB, measured at 10k)
 * and its CPU time does not change.
 *
 * `--heap-growing-percent=20`: after each full collection the old generation may grow by a fifth of what is live
 * before the next one. V8's own factor goes up to 4× when collecting looks cheap, so during a 100k-file scan it let
 * 190 MB of garbage pile up over 90 MB of live data; at 50% the old generation still reached 112 MB at the scan's
 * peak, at 20% 86 MB (the server's peak 268 → 237 MB, for about 7% more CPU time in that scan, measured under load). Unlike
 * --max-old-space-size it sets no ceiling: a bigger library still fits.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=20'];

/** The flags this process was started without (they only cost memory when missing; the server runs either way). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
