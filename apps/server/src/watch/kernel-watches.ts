import { readdir, readFile } from 'node:fs/promises';

/**
 * The inotify watches this process holds, counted from /proc/self/fdinfo (one `inotify wd:` line per watch); null
 * where there is no /proc (not Linux).
 */
export async function inotifyWatches(): Promise<number | null> {
  let descriptors: string[];
  try {
    descriptors = await readdir('/proc/self/fdinfo');
  } catch {
    return null;
  }
  let count = 0;
  for (const fd of descriptors) {
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    if (!info.includes('inotify wd:')) continue;
    for (const line of info.split('\n')) if (line.startsWith('inotify wd:')) count++;
  }
  return count;
}
