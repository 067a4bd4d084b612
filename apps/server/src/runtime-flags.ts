/**
 * V8 flags the server is started with: `npm start`, the Docker image, the benchmarks and the end-to-end tests all
 * pass them. V8 reads them only when the process starts, so they cannot be set from inside.
 *
 * `--max-semi-space-size=8`: a young generation of 2 × 8 MB instead of Node 24's 2 × 32 MB. A scan makes a lot of
 * short-lived garbage, which is collected just as well in the smaller space; measured on a 10k-file first scan,
 * the peak resident memory drops by 30 MB and the scan is no slower (bench/scan, ADR 8).
 *
 * `--heap-growing-percent=50`: after each full collection the old generation may grow by half of what is live
 * before the next one. V8's own factor goes up to 4× when collecting looks cheap, so during a 100k-file scan it let
 * 190 MB of garbage pile up over 90 MB of live data; with this flag the heap stays within 1.5× of what is live.
 * Unlike --max-old-space-size it sets no ceiling: a bigger library still fits.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/** The flags this process was started without (they only cost memory when missing; the server runs either way). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
