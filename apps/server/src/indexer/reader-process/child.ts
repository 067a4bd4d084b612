// Entry point of a reader process: the WASM decoders (MuPDF, UnRAR) and libvips live here, so their heaps, which
// never shrink, are returned to the system when the process exits, and a file that crashes a decoder ends this
// process, not the server. Forked by reader-pool.ts; talks over the IPC channel only.
import { errorData, type ReaderReply, type ReaderTaskMessage } from './protocol.js';
import { runReaderRequest } from './operations.js';
import { collectGarbageBuffers } from './garbage-buffers.js';

/** A reply before its `rss`, which is read after the collection below. */
type Answer = ReaderReply extends infer Reply ? (Reply extends unknown ? Omit<Reply, 'rss'> : never) : never;

function reply(message: Answer): void {
  collectGarbageBuffers();
  process.send?.({ ...message, rss: process.memoryUsage.rss() });
}

process.on('message', (message: ReaderTaskMessage) => {
  runReaderRequest(message.request).then(
    (value) => reply({ id: message.id, ok: true, value }),
    (error: unknown) => reply({ id: message.id, ok: false, error: errorData(error) }),
  );
});
// The server went away (or retired this process): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
