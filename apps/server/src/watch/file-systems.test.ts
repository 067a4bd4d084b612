import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { eventlessFileSystem, pollingReasonFor } from './file-systems.js';

describe('file systems without change events', () => {
  it('are recognised by their statfs magic number, signed or not', () => {
    expect(eventlessFileSystem(0x6969)).toBe('NFS');
    expect(eventlessFileSystem(0xfe534d42)).toBe('SMB2/SMB3');
    expect(eventlessFileSystem(0xfe534d42 | 0)).toBe('SMB2/SMB3');
    expect(eventlessFileSystem(0x65735546)).toMatch(/FUSE/);
    expect(eventlessFileSystem(0x01021997)).toMatch(/9p/);
  });

  it('leave local file systems to events', async () => {
    expect(eventlessFileSystem(0xef53)).toBeNull(); // ext4
    expect(eventlessFileSystem(0x01021994)).toBeNull(); // tmpfs
    expect(eventlessFileSystem(0x794c7630)).toBeNull(); // overlayfs
    expect(await pollingReasonFor(tmpdir())).toBeNull();
  });
});
