// Entry point of the analysis thread (analysis-thread.ts): opens, hashes and inspects ZIP and tar books with
// blocking reads on the second core, so the server's event loop keeps only the walk and the database.
import { parentPort } from 'node:worker_threads';

import type { AnalysisReply, AnalysisTask } from './analysis-thread.js';
import { analyseFile } from './file-analysis.js';
import { FileSample } from './formats/index.js';
import { errorData } from './reader-process/protocol.js';

/** Answers go back this many at a time: each message costs both threads a wake-up and a copy. */
const REPLY_BATCH = 16;

const queue: AnalysisTask[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  let replies: AnalysisReply[] = [];
  while (queue.length > 0) {
    const { id, file, format } = queue.shift()!;
    const { error, ...analysis } = await analyseFile(file, format, (path) => FileSample.openSync(path));
    replies.push({ id, ...analysis, ...(error === undefined ? {} : { error: errorData(error) }) });
    if (replies.length >= REPLY_BATCH || queue.length === 0) {
      parentPort!.postMessage(replies);
      replies = [];
    }
  }
  draining = false;
}

parentPort!.on('message', (tasks: AnalysisTask[]) => {
  queue.push(...tasks);
  if (!draining) void drain();
});
