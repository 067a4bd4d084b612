import { statfs } from 'node:fs/promises';
import { eventlessFileSystemReason, type WatchReason } from '../domain/watch-reasons.js';

/**
 * File systems whose changes never reach the kernel's change notification (inotify) of this machine: the files
 * change on another machine (a NAS, the host of a VM or container), or in a user-space daemon. `statfs` gives their
 * magic numbers (linux/magic.h, fs/fuse, fs/smb).
 */
const NO_EVENTS: ReadonlyMap<number, string> = new Map([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS/SMB'],
  [0xfe534d42, 'SMB2/SMB3'],
  [0x65735546, 'a FUSE file system (sshfs, rclone, mergerfs, Docker Desktop or WSL2 file sharing)'],
  [0x01021997, '9p (a WSL2 or VM shared folder)'],
  [0x00c36400, 'CephFS'],
  [0x47504653, 'GPFS'],
  [0x564c, 'NCP (NetWare)'],
  [0x73757245, 'Coda'],
  [0x5346414f, 'AFS'],
]);

/** Names the file system when it delivers no change events; null when events work (or the type is unknown). */
export function eventlessFileSystem(type: number): string | null {
  // statfs reports the type as a signed 32-bit value on some platforms.
  return NO_EVENTS.get(type >>> 0) ?? null;
}

/** The reason to poll `folder`, or null when its file system can deliver events. */
export async function pollingReasonFor(folder: string): Promise<WatchReason | null> {
  const info = await statfs(folder).catch(() => null);
  if (!info) return null;
  const name = eventlessFileSystem(info.type);
  return name === null ? null : eventlessFileSystemReason(name);
}
