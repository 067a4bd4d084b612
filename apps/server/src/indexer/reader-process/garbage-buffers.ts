/**
 * Every request leaves large Buffers behind: the cover's compressed bytes (up to ~1 MB for a real page), a PDF
 * cover's raw pixels, archive chunks. Their JS objects outlive a scavenge (libvips holds them while it decodes on its
 * own thread), so they are promoted and freed only by a full collection, which V8 starts for external memory only
 * after some 64 MB of it: a reader carried 15–30 MB of dead buffers at its peak. A full collection of a reader's
 * small heap costs a few milliseconds, so it runs once that much has piled up (about one in 20–40 covers), not
 * after every request. Needs `--expose-gc` (READER_NODE_FLAGS); without it this does nothing.
 */
export const GARBAGE_BUFFERS_MARK = 8 * 1024 * 1024;

const exposedGc = (globalThis as { gc?: () => void }).gc;

/** Runs a full collection when ArrayBuffer memory, live or dead, has passed `mark`; says whether it ran one. */
export function collectGarbageBuffers(mark = GARBAGE_BUFFERS_MARK, collect = exposedGc): boolean {
  if (!collect || process.memoryUsage().arrayBuffers < mark) return false;
  collect();
  return true;
}
