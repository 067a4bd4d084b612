import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbageBuffers } from './garbage-buffers.js';

// The real collector, as `--expose-gc` gives it to a reader process.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

/** ArrayBuffer memory once V8's sweeper (a background thread) has released what the last collection freed. */
async function settledArrayBuffers(): Promise<number> {
  let last = process.memoryUsage().arrayBuffers;
  for (let i = 0; i < 20; i++) {
    await sleep(10);
    const now = process.memoryUsage().arrayBuffers;
    if (now === last) return now;
    last = now;
  }
  return last;
}

describe('collectGarbageBuffers', () => {
  it('frees dead Buffers once they pass the mark, and does nothing below it', async () => {
    gc();
    const base = await settledArrayBuffers();
    let calls = 0;
    const counting = () => {
      calls++;
      gc();
    };
    expect(collectGarbageBuffers(base + 8 * MB, counting)).toBe(false);
    // What a few covers leave behind: buffers nobody holds any more.
    for (let i = 0; i < 12; i++) Buffer.alloc(MB, i);
    const piled = process.memoryUsage().arrayBuffers;
    expect(piled - base).toBeGreaterThanOrEqual(8 * MB);
    expect(collectGarbageBuffers(base + 8 * MB, counting)).toBe(true);
    expect(calls).toBe(1);
    expect((await settledArrayBuffers()) - base).toBeLessThan(2 * MB);
  });

  it('keeps live Buffers (only garbage goes)', async () => {
    gc();
    const base = await settledArrayBuffers();
    const held = Array.from({ length: 10 }, (_, i) => Buffer.alloc(MB, i));
    expect(collectGarbageBuffers(base + 8 * MB, gc)).toBe(true);
    // Other small buffers of the test process may come and go meanwhile.
    expect((await settledArrayBuffers()) - base).toBeGreaterThan(9.5 * MB);
    expect(held[9]![0]).toBe(9);
  });
});
