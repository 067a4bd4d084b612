import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Logger } from '../../logger.js';
import { BookFileError } from '../formats/index.js';
import { builtEntry } from '../built-entry.js';
import {
  errorFromData,
  type ReaderReply,
  type ReaderRequest,
  type ReaderResults,
  type ReaderTaskMessage,
} from './protocol.js';

export interface ReaderPoolOptions {
  /** Reader processes at most (they use a core each while decoding). */
  processes: number;
  /** Requests one process works on at once: they overlap file I/O with decoding. */
  tasksPerProcess: number;
  /** A process with nothing to do for this long exits, and its memory goes back to the system. */
  idleMs: number;
  /**
   * A process holding MuPDF decodes no image of another book; with no MuPDF work for this long while such images
   * wait, it exits and a fresh process (without MuPDF) takes them. Default 1000 ms.
   */
  pdfLingerMs?: number;
  /** A process whose resident memory passes this after a request is replaced (WASM heaps never shrink). */
  recycleRssBytes: number;
  /** A request running longer than this ends its process; the file is reported as `timeout`. */
  taskTimeoutMs: number;
  /** The child's entry module (tests); default the built child.js next to this module. */
  entry?: string;
}

/** The pool is shutting down: the request was not answered, which says nothing about its file. */
export class ReaderPoolClosedError extends Error {
  override readonly name = 'ReaderPoolClosedError';

  constructor() {
    super('the reader processes are shutting down');
  }
}

/**
 * A reader's JavaScript garbage is small (its memory is in WASM heaps, libvips and Buffers): a 1 MB young generation
 * is enough (2 MB: +2 MB per reader). `--expose-gc` lets it free dead Buffers itself (garbage-buffers.ts). Its
 * JavaScript is glue around native decoders, never hot for long: without V8's optimizing compilers (Maglev,
 * TurboFan) a reader starts 8 MB smaller (75 → 67 MB; 300 mixed real-page covers peaked 129 → 122 MB) at the same
 * CPU per cover, and measuring 600 books' pages took less (3.5 → 2.8 ms each: no compile jobs for short work).
 * WebAssembly (MuPDF, UnRAR) has its own tiers and keeps them.
 */
const READER_NODE_FLAGS = ['--max-semi-space-size=1', '--expose-gc', '--no-opt', '--no-maglev'];
/**
 * glibc gives each libvips thread an arena of its own by default; a single arena keeps fragmentation down (two: +4–6
 * MB per reader, the same CPU per cover). A fixed mmap threshold sends every block past 128 KiB (decoded pages, image
 * buffers) to mmap, so it goes back to the system when freed: glibc would otherwise raise the threshold as such blocks
 * are freed and keep them in its heap (300 covers: 222 → 172 MB).
 */
const READER_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072' };

/** A reader whose resident memory passes this after a request is replaced (see ReaderPoolOptions.recycleRssBytes). */
export const READER_RECYCLE_RSS_BYTES = 256 * 1024 * 1024;

/** How many times a request may be running in a process that died before it is blamed for it. */
const MAX_CRASHES = 2;

interface Task {
  id: number;
  request: ReaderRequest;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  /** Answered already (aborted or timed out): a late reply is dropped. */
  settled: boolean;
  crashes: number;
  timer: NodeJS.Timeout | undefined;
}

interface ReaderProcess {
  child: ChildProcess;
  running: Map<number, Task>;
  /** Takes no new requests; stops once its running ones are answered. */
  retiring: boolean;
  /** Ended by us because this request ran too long: the others it held are not to blame. */
  killedFor: number | undefined;
  /** Has been given PDF work, so holds MuPDF (~20 MB that its WASM heap and code never give back). */
  pdf: boolean;
  /** Holds MuPDF and its idle timer is the short one: other work waits for its core (see armIdleTimer). */
  lingering: boolean;
  /** Has decoded images (covers, pages): what that leaves in its heaps is not to meet MuPDF's (see pickForPdf). */
  decoded: boolean;
  ended: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  exited: Promise<void>;
}

/** Whether a request is read with MuPDF: a PDF by its container when the server sniffed it, else by its format. */
function usesMuPdf(request: ReaderRequest): boolean {
  if (request.op === 'cover' || request.op === 'uploadedCover') return false;
  return ('container' in request && request.container ? request.container : request.format) === 'pdf';
}

/** Whether a request decodes an image (a cover, a page): the work whose buffers and heaps make a reader's peak. */
function decodesImages(request: ReaderRequest): boolean {
  return (
    request.op === 'thumbnail' || request.op === 'page' || request.op === 'cover' || request.op === 'uploadedCover'
  );
}

/** A request that must not go to a reader holding MuPDF: images of other books (see pickForOther). */
const keptFromMuPdf = (task: Task) => !usesMuPdf(task.request) && decodesImages(task.request);

function leastBusy(workers: ReaderProcess[]): ReaderProcess | undefined {
  let best: ReaderProcess | undefined;
  for (const worker of workers) if (!best || worker.running.size < best.running.size) best = worker;
  return best;
}

/**
 * Short-lived child processes that read PDF and RAR files and make images. The server itself never loads MuPDF,
 * UnRAR or libvips: their memory lives and dies with these processes, and a file that crashes or hangs a decoder
 * costs one process (restarted on demand), never the server. A request in flight when its process dies is retried
 * once in a fresh process; dying twice, it is reported as a fault of its file.
 */
export class ReaderPool {
  private readonly entry: string;
  private readonly processes = new Set<ReaderProcess>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closing = false;
  /** Processes started since the pool was made (tests and diagnostics). */
  started = 0;

  constructor(
    private readonly options: ReaderPoolOptions,
    private readonly logger: Logger,
  ) {
    this.entry = options.entry ?? builtEntry(import.meta.url, 'child.js');
    if (!existsSync(this.entry)) throw new Error(`${this.entry} is missing: build the server first (npm run build)`);
  }

  /** How many requests can run at once. */
  get capacity(): number {
    return this.options.processes * this.options.tasksPerProcess;
  }

  /** Live reader processes (retiring ones included). */
  get processCount(): number {
    return this.processes.size;
  }

  /** Process ids of the live readers (diagnostics and tests). */
  pids(): number[] {
    return [...this.processes].map((worker) => worker.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  run<K extends ReaderRequest['op']>(
    request: Extract<ReaderRequest, { op: K }>,
    signal?: AbortSignal,
  ): Promise<ReaderResults[K]> {
    return new Promise<ReaderResults[K]>((resolve, reject) => {
      if (this.closing) return reject(new ReaderPoolClosedError());
      // The signal's own reason, as AbortSignal.throwIfAborted() would throw it.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      if (signal?.aborted) return reject(signal.reason);
      const task: Task = {
        id: this.nextId++,
        request,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        onAbort: undefined,
        settled: false,
        crashes: 0,
        timer: undefined,
      };
      if (signal) {
        task.onAbort = () => {
          const queued = this.queue.indexOf(task);
          if (queued >= 0) this.queue.splice(queued, 1);
          // A running request is left to finish in its process; its answer is dropped.
          this.settle(task, signal.reason, false);
        };
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.pump();
    });
  }

  /** Ends every reader process; requests still waiting fail. */
  async close(): Promise<void> {
    this.closing = true;
    for (const task of this.queue.splice(0)) this.settle(task, new ReaderPoolClosedError(), false);
    const exits = [...this.processes].map((worker) => {
      this.stop(worker);
      return worker.exited;
    });
    await Promise.all(exits);
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closing) {
      const next = this.nextDispatch();
      if (!next) break;
      this.queue.splice(next.index, 1);
      this.dispatch(next.worker, next.task);
    }
    // Images of other books left waiting: an idle process holding MuPDF is to make way for a fresh one soon.
    if (this.separating && this.queue.some(keptFromMuPdf)) {
      for (const worker of this.processes) {
        if (worker.pdf && !worker.retiring && !worker.lingering && worker.running.size === 0) this.armIdleTimer(worker);
      }
    }
  }

  /**
   * The first waiting request some process may take now, in order: a PDF waiting for the reader holding MuPDF does
   * not hold back the books behind it. A PDF with no reader holding MuPDF does: it waits for a process to be idle,
   * which one never is while it keeps being given the books behind.
   */
  private nextDispatch(): { worker: ReaderProcess; task: Task; index: number } | undefined {
    for (let index = 0; index < this.queue.length; index++) {
      const task = this.queue[index]!;
      const pdf = usesMuPdf(task.request);
      const worker = pdf ? this.pickForPdf() : this.pickForOther(decodesImages(task.request));
      if (worker) return { worker, task, index };
      if (pdf && !this.live().active.some((live) => live.pdf)) return undefined;
    }
    return undefined;
  }

  /**
   * Whether images of other books are kept from readers holding MuPDF (and MuPDF from readers that decoded images):
   * with one reader there is nowhere else for either to go.
   */
  private get separating(): boolean {
    return this.options.processes > 1;
  }

  /**
   * Whether another process may start: a reader that is leaving and has nothing left to answer still counts until it
   * has exited (its memory is still there); one leaving while it finishes a long request does not hold back a new one.
   */
  private get roomForAnother(): boolean {
    let taken = 0;
    for (const worker of this.processes) if (!worker.retiring || worker.running.size === 0) taken++;
    return taken < this.options.processes;
  }

  /** The live processes that take requests, and of them those with room for one more. */
  private live(): { active: ReaderProcess[]; withRoom: ReaderProcess[] } {
    const active = [...this.processes].filter((worker) => !worker.retiring);
    const withRoom = active.filter((worker) => worker.running.size < this.options.tasksPerProcess);
    return { active, withRoom };
  }

  /**
   * PDF work goes to a reader that holds MuPDF already, so that the others never load it (~20 MB that stays until the
   * process exits). Without a backlog it stays with one of them, so that a second holder runs dry and leaves (see
   * pump). A backlog of PDFs with nothing else waiting (a folder of PDFs, the covers a scan makes last) is shared
   * with another process: one core for a library of PDFs would halve its covers' rate. MuPDF is not loaded into a
   * process that has decoded images: it is replaced, since what they left in its heaps (malloc's fragments, V8's
   * grown heap) and MuPDF together took it past 120 MB (128–130 MB, against ~110 fresh).
   */
  private pickForPdf(): ReaderProcess | undefined {
    const { active } = this.live();
    const holders = active.filter((worker) => worker.pdf);
    const backlog = this.pdfBacklog();
    const serving = (backlog || !this.separating ? holders : holders.slice(0, 1)).filter(
      (worker) => worker.running.size < this.options.tasksPerProcess,
    );
    if (serving.length > 0) return leastBusy(serving);
    if (holders.length > 0 && !backlog) return undefined;
    const idle = active.find((worker) => !worker.pdf && worker.running.size === 0);
    if (idle && (!idle.decoded || !this.separating)) return idle;
    // Replaced: the PDF waits for it to exit (pump runs again then), so that the two never hold memory at once.
    if (idle) this.stop(idle);
    return this.roomForAnother ? this.spawn() : undefined;
  }

  /**
   * Other work goes to an idle reader without MuPDF, a new one, then the least busy one without MuPDF. Images never
   * go to a reader holding MuPDF: a cover decoded beside MuPDF's code and heap took it past 120 MB (MuPDF ~20 MB on a
   * reader's ~100); a holder left without PDF work makes way for a fresh process instead (pump, armIdleTimer). The
   * rest (a RAR's inspection, its pages' sizes) may use an idle holder: a core left idle costs more than they weigh.
   */
  private pickForOther(images: boolean): ReaderProcess | undefined {
    const { withRoom } = this.live();
    const plain = withRoom.filter((worker) => !worker.pdf);
    const idlePlain = plain.find((worker) => worker.running.size === 0);
    if (idlePlain) return idlePlain;
    if (this.roomForAnother) return this.spawn();
    if (!this.separating) return leastBusy(withRoom);
    // While images wait, an idle holder is left idle, so that it leaves and a fresh reader takes them.
    if (images || this.queue.some(keptFromMuPdf)) return leastBusy(plain);
    return withRoom.find((worker) => worker.running.size === 0) ?? leastBusy(plain) ?? leastBusy(withRoom);
  }

  /**
   * As many PDFs wait as a process takes at once, and nothing else does: with the PDF readers full, every request in
   * flight is a PDF (a scan keeps `capacity` covers in flight).
   */
  private pdfBacklog(): boolean {
    let pdfs = 0;
    for (const task of this.queue) {
      if (!usesMuPdf(task.request)) return false;
      pdfs++;
    }
    return pdfs >= this.options.tasksPerProcess;
  }

  private spawn(): ReaderProcess {
    const child = fork(this.entry, [], {
      // Not the parent's flags (test runners, inspectors), and none of its environment: the process that opens
      // untrusted files gets no secrets.
      execArgv: READER_NODE_FLAGS,
      env: READER_ENV,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.started++;
    let exited!: () => void;
    const worker: ReaderProcess = {
      child,
      running: new Map(),
      retiring: false,
      killedFor: undefined,
      pdf: false,
      lingering: false,
      decoded: false,
      ended: false,
      idleTimer: undefined,
      exited: new Promise<void>((resolve) => (exited = resolve)),
    };
    this.processes.add(worker);
    child.on('message', (reply: ReaderReply) => this.onReply(worker, reply));
    const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
      if (worker.ended) return;
      worker.ended = true;
      this.onExit(worker, code, signal);
      exited();
    };
    child.on('exit', onEnd);
    child.on('error', (error) => {
      this.logger.warn({ err: error }, 'reader process failed');
      child.kill('SIGKILL');
      onEnd(null, null);
    });
    return worker;
  }

  private dispatch(worker: ReaderProcess, task: Task): void {
    clearTimeout(worker.idleTimer);
    worker.lingering = false;
    // Busy readers keep the server's event loop alive; idle ones must not (see becomeIdle).
    worker.child.ref();
    (worker.child.channel as { ref?: () => void } | undefined)?.ref?.();
    worker.running.set(task.id, task);
    if (decodesImages(task.request)) worker.decoded = true;
    if (usesMuPdf(task.request)) worker.pdf = true;
    task.timer = setTimeout(() => this.onTimeout(worker, task), this.options.taskTimeoutMs);
    const message: ReaderTaskMessage = { id: task.id, request: task.request };
    worker.child.send(message);
  }

  private onReply(worker: ReaderProcess, reply: ReaderReply): void {
    const task = worker.running.get(reply.id);
    if (!task) return;
    worker.running.delete(reply.id);
    clearTimeout(task.timer);
    if (reply.ok) this.settle(task, reply.value, true);
    else this.settle(task, errorFromData(reply.error), false);
    if (reply.rss > this.options.recycleRssBytes) worker.retiring = true;
    this.afterTask(worker);
  }

  private afterTask(worker: ReaderProcess): void {
    if (worker.running.size === 0) {
      if (worker.retiring) this.stop(worker);
      else this.becomeIdle(worker);
    }
    this.pump();
  }

  private becomeIdle(worker: ReaderProcess): void {
    worker.child.unref();
    (worker.child.channel as { unref?: () => void } | undefined)?.unref?.();
    this.armIdleTimer(worker);
  }

  /**
   * An idle process exits after `idleMs`; one holding MuPDF while images of other books wait, after `pdfLingerMs`:
   * long enough for the next PDF of a reader's pages, short enough that the images waiting soon have its core.
   */
  private armIdleTimer(worker: ReaderProcess): void {
    clearTimeout(worker.idleTimer);
    const imagesWait = () => this.separating && worker.pdf && this.queue.some(keptFromMuPdf);
    worker.lingering = imagesWait();
    const wait = worker.lingering ? (this.options.pdfLingerMs ?? 1000) : this.options.idleMs;
    worker.idleTimer = setTimeout(() => {
      // The images may have been taken by another reader meanwhile: then this one stays, as any idle reader.
      if (worker.lingering && !imagesWait()) return this.armIdleTimer(worker);
      this.stop(worker);
      this.pump();
    }, wait);
    // Work is waiting on a lingering reader's exit: that keeps the event loop alive, an idle reader's exit does not.
    if (!worker.lingering) worker.idleTimer.unref();
  }

  private onTimeout(worker: ReaderProcess, task: Task): void {
    const limit = this.options.taskTimeoutMs;
    const shown = limit < 1000 ? `${limit} ms` : `${Math.round(limit / 1000)} s`;
    this.settle(task, new BookFileError('timeout', `reading took longer than ${shown}`), false);
    worker.killedFor = task.id;
    worker.retiring = true;
    // The others in this process are run again elsewhere: their own clocks start over there.
    for (const other of worker.running.values()) clearTimeout(other.timer);
    worker.child.kill('SIGKILL');
  }

  private onExit(worker: ReaderProcess, code: number | null, signal: NodeJS.Signals | null): void {
    this.processes.delete(worker);
    clearTimeout(worker.idleTimer);
    const interrupted = [...worker.running.values()];
    worker.running.clear();
    if (interrupted.length > 0 && worker.killedFor === undefined) {
      this.logger.warn({ code, signal, requests: interrupted.length }, 'a reader process stopped while reading');
    }
    for (const task of interrupted) {
      clearTimeout(task.timer);
      if (task.settled) continue;
      if (worker.killedFor === undefined) task.crashes++;
      if (this.closing) {
        this.settle(task, new ReaderPoolClosedError(), false);
      } else if (task.crashes >= MAX_CRASHES) {
        this.settle(
          task,
          new BookFileError('corrupt', 'the reader process stopped while reading this file (damaged or hostile file)'),
          false,
        );
      } else {
        this.queue.unshift(task);
      }
    }
    this.pump();
  }

  /** Asks a process to leave (it exits when its IPC channel closes) and makes sure it does. */
  private stop(worker: ReaderProcess): void {
    worker.retiring = true;
    clearTimeout(worker.idleTimer);
    if (worker.ended) return;
    if (worker.child.connected) worker.child.disconnect();
    const force = setTimeout(() => worker.child.kill('SIGKILL'), 2000);
    force.unref();
    void worker.exited.then(() => clearTimeout(force));
  }

  private settle(task: Task, outcome: unknown, ok: boolean): void {
    if (task.settled) return;
    task.settled = true;
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    if (ok) task.resolve(outcome);
    else task.reject(outcome);
  }
}
