import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

import { builtEntry } from './built-entry.js';
import type { FileAnalysis } from './file-analysis.js';
import type { BookFormat } from './formats/index.js';
import { errorFromData, type ReaderErrorData } from './reader-process/protocol.js';

export interface AnalysisTask {
  id: number;
  file: string;
  format: BookFormat;
}

export type AnalysisReply = FileAnalysis<ReaderErrorData> & { id: number };

/**
 * A worker thread that analyses the files a scan reads (analysis-worker.ts, file-analysis.ts): the open, the reads,
 * the partial hash, the ZIP listing and the XML parsing run on the second core with blocking reads, instead of on
 * the event loop with a hand-off to the thread pool for each call. Same process (ADR 8: ZIP books stay out of the
 * reader processes), its own heap. Started on the first file, ended after `idleMs` without one.
 */
type Waiting = Map<number, { resolve: (analysis: FileAnalysis) => void; reject: (error: Error) => void }>;
interface Running {
  worker: Worker;
  pending: Waiting;
  /** Tasks not sent yet. */
  outbox: AnalysisTask[];
}

export class AnalysisThread {
  /** The running thread and what it has yet to answer (a thread that ends fails its own tasks only). */
  private current: Running | null = null;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly entry = builtEntry(import.meta.url, 'analysis-worker.js'),
    private readonly idleMs = 5000,
  ) {
    // At start-up, not at the first file: a missing build would otherwise fail every ZIP book of a scan.
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build the server first (npm run build)`);
  }

  analyse(file: string, format: BookFormat): Promise<FileAnalysis> {
    clearTimeout(this.idleTimer);
    const current = this.current ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      current.pending.set(id, { resolve, reject });
      // Sent together with the others asked for in the same turn of the event loop (see REPLY_BATCH).
      if (current.outbox.length === 0) setImmediate(() => current.worker.postMessage(current.outbox.splice(0)));
      current.outbox.push({ id, file, format });
    });
  }

  /** Whether a thread is running now (it starts on the first file and ends when idle). */
  get running(): boolean {
    return this.current !== null;
  }

  /**
   * Ends the thread now if it holds no file, instead of after `idleMs`: a scan that has indexed its last file gives
   * the thread's memory back (about 20 MB: its own heap and modules) before its series refresh, which would otherwise
   * add to it at the peak of a first scan. A file asked for later starts another thread.
   */
  async endIfIdle(): Promise<void> {
    if (this.current && this.current.pending.size === 0 && this.current.outbox.length === 0) await this.close();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.current?.worker;
    this.current = null;
    await worker?.terminate();
  }

  private start(): Running {
    const worker = new Worker(this.entry);
    const pending: Waiting = new Map();
    const current: Running = { worker, pending, outbox: [] };
    // It does not keep the process alive: shutdown does not wait for an idle thread.
    worker.unref();
    worker.on('message', (replies: AnalysisReply[]) => {
      for (const { id, error, ...analysis } of replies) {
        pending.get(id)?.resolve({ ...analysis, ...(error === undefined ? {} : { error: errorFromData(error) }) });
        pending.delete(id);
      }
      if (pending.size === 0 && this.current === current) {
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs).unref();
      }
    });
    // The thread died (out of memory on a hostile file, say): what it was reading fails, the next file starts another.
    const fail = (error: Error) => {
      if (this.current === current) this.current = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the analysis thread exited (${code})`)));
    this.current = current;
    return current;
  }
}
