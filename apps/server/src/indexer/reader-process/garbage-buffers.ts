/**
 * Every request leaves large Buffers behind: the cover's compressed bytes (up to ~1 MB for a real page), a PDF
 * cover's raw pixels, archive chunks. Their JS objects outlive a scavenge (libvips holds them while it decodes on its
 * own thread), so they are promoted and freed only by a full collection, which V8 starts for external memory only
 * after some 64 MB of it: a reader carried 15–30 MB of dead buffers at its peak. Past 16 MB a full collection runs
 * (a few ms on a reader's small heap). V8's own collections usually come first: 1–2 forced ones per 300 real-page
 * covers, where a mark of 8 MB forced 25 for the same peak. Needs `--expose-gc` (READER_NODE_FLAGS); without it
 * this does nothing.
 */
export const GARBAGE_BUFFERS_MARK = 16 * 1024 * 1024;

const exposedGc = (globalThis as { gc?: () => void }).gc;

/** Runs a full collection when ArrayBuffer memory, live or dead, has passed `mark`; says whether it ran one. */
export function collectGarbageBuffers(mark = GARBAGE_BUFFERS_MARK, collect = exposedGc): boolean {
  if (!collect || process.memoryUsage().arrayBuffers < mark) return false;
  collect();
  return true;
}
