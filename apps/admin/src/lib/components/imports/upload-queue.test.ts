import { describe, expect, it } from 'vitest';
import { isUnderWay, percentSent, startable, uploadRoute, type UploadState } from './upload-queue.js';

const items = (...states: UploadState[]) => states.map((state, key) => ({ key, state }));

describe('the upload queue', () => {
  it('starts waiting files in order while fewer than the limit are under way', () => {
    expect(startable(items('waiting', 'waiting', 'waiting'), 2).map((item) => item.key)).toEqual([0, 1]);
    expect(startable(items('uploading', 'waiting', 'waiting'), 2).map((item) => item.key)).toEqual([1]);
    // A file being checked by the server still counts; finished, cancelled and failed ones do not.
    expect(startable(items('checking', 'uploading', 'waiting'), 2)).toEqual([]);
    expect(startable(items('imported', 'cancelled', 'failed', 'waiting'), 2).map((item) => item.key)).toEqual([3]);
    expect(startable(items('waiting', 'waiting'), 1).map((item) => item.key)).toEqual([0]);
  });

  it('says which files can be cancelled and how much of one is sent', () => {
    expect(['waiting', 'uploading', 'checking'].every((state) => isUnderWay(state as UploadState))).toBe(true);
    expect(['imported', 'queued', 'cancelled', 'failed'].some((state) => isUnderWay(state as UploadState))).toBe(false);
    expect(percentSent(0, 0)).toBe(0);
    expect(percentSent(1, 3)).toBe(33);
    expect(percentSent(5, 4)).toBe(100);
  });

  it('addresses the upload to the series or library it was dropped on', () => {
    expect(uploadRoute({})).toBe('/imports/uploads');
    expect(uploadRoute({ seriesId: 's1' })).toBe('/imports/uploads?series_id=s1');
    expect(uploadRoute({ libraryId: 'l1' })).toBe('/imports/uploads?library_id=l1');
  });
});
