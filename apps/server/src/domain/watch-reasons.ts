/**
 * Why a library is not watched through change events. The API gives both a code, which the admin translates, and
 * the words in English, which API users and the logs read (with what to do about it).
 */
export const WATCH_REASON_CODES = [
  'watching_off',
  'no_watcher',
  'polling_chosen',
  'root_unavailable',
  'file_system',
  'too_many_folders',
  'too_many_watchers',
  'permission_denied',
  'folder_missing',
  'events_lost',
  'cannot_watch',
] as const;
export type WatchReasonCode = (typeof WATCH_REASON_CODES)[number];

export interface WatchReason {
  code: WatchReasonCode;
  text: string;
}

/** A reason as a lease holder wrote it: one written before codes existed has its words only. */
export interface ReportedWatchReason {
  code: WatchReasonCode | null;
  text: string;
}

export const isWatchReasonCode = (value: unknown): value is WatchReasonCode =>
  (WATCH_REASON_CODES as readonly unknown[]).includes(value);

export const WATCHING_OFF: WatchReason = {
  code: 'watching_off',
  text: 'watching is off for this library: scheduled and manual scans only',
};
export const NO_WATCHER: WatchReason = {
  code: 'no_watcher',
  text: 'no worker process is watching it (run the server without --role=api, or a process with --role=worker)',
};
export const POLLING_CHOSEN: WatchReason = { code: 'polling_chosen', text: 'polling was chosen for this library' };
export const ROOT_UNAVAILABLE: WatchReason = {
  code: 'root_unavailable',
  text: 'the folder is missing or unreadable (is the drive mounted?): it is polled until it returns',
};
export const TOO_MANY_FOLDERS: WatchReason = {
  code: 'too_many_folders',
  text: 'too many folders to watch: raise fs.inotify.max_user_watches (e.g. sysctl fs.inotify.max_user_watches=524288)',
};
export const TOO_MANY_WATCHERS: WatchReason = {
  code: 'too_many_watchers',
  text: 'too many watchers in use: raise fs.inotify.max_user_instances (e.g. sysctl fs.inotify.max_user_instances=512)',
};
export const PERMISSION_DENIED: WatchReason = {
  code: 'permission_denied',
  text: 'a folder cannot be watched (permission denied): give the server read access to every folder of the library',
};
export const FOLDER_MISSING: WatchReason = {
  code: 'folder_missing',
  text: 'the folder is missing (is the drive mounted?)',
};
export const EVENTS_LOST: WatchReason = {
  code: 'events_lost',
  text: 'change events were lost (the kernel queue overflowed under a burst of changes): raise fs.inotify.max_queued_events',
};
export const CANNOT_WATCH: WatchReason = {
  code: 'cannot_watch',
  text: 'the folder cannot be watched by this system',
};

/** A file system that sends no change events, named (NFS, SMB, FUSE…). */
export function eventlessFileSystemReason(name: string): WatchReason {
  return {
    code: 'file_system',
    text: `the folder is on ${name}, which sends no change events: it is scanned every few minutes instead`,
  };
}
