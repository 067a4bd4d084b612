import { describe, expect, it } from 'vitest';
import { SYSTEM_VIEWER, type Viewer } from '../domain/viewer.js';
import { currentViewer, iterateAsViewer, MissingViewerError, runAsSystem, runAsViewer } from './viewer-context.js';

const reader: Viewer = { userId: 'u1', role: 'reader', libraryIds: ['a'] };

/** What a subscription's resolver returns: a generator whose body runs only when it is pulled. */
async function* viewersSeen() {
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    yield currentViewer();
  }
}

describe('the viewer context', () => {
  it('refuses to name a viewer where none was given, instead of the system', () => {
    expect(() => currentViewer()).toThrow(MissingViewerError);
    expect(runAsSystem(() => currentViewer())).toBe(SYSTEM_VIEWER);
    expect(runAsViewer(reader, () => currentViewer())).toBe(reader);
  });

  it('loses the viewer of a stream made in its context and pulled outside it', async () => {
    const stream = runAsViewer(reader, () => viewersSeen());
    await expect(stream.next()).rejects.toThrow(MissingViewerError);
  });

  it('keeps it at every step of a stream bound with iterateAsViewer', async () => {
    const seen: Viewer[] = [];
    for await (const viewer of iterateAsViewer(reader, viewersSeen())) seen.push(viewer);
    expect(seen).toEqual([reader, reader]);
  });
});
