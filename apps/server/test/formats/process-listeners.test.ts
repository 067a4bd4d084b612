import { expect, it } from 'vitest';

import { inspectBook } from '../../src/indexer/formats/index.js';
import { komga } from './support/books.js';

// A file of its own, so the UnRAR WASM module is instantiated here for the first time in this worker.
it('loading UnRAR leaves the process error listeners as they were', async () => {
  const counts = (): number[] => [
    process.listenerCount('uncaughtException'),
    process.listenerCount('unhandledRejection'),
  ];
  const before = counts();
  await Promise.all([inspectBook(komga('rar4.rar'), 'cbr'), inspectBook(komga('rar5.rar'), 'cbr')]);
  expect(counts()).toEqual(before);
});
