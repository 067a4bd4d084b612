import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The physical floor of a scan: a bare recursive readdir + stat of every entry. Returns files seen. */
export async function bareWalk(root: string): Promise<number> {
  let files = 0;
  const queue = [root];
  while (queue.length > 0) {
    const folder = queue.pop()!;
    const entries = await readdir(folder, { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(folder, entry.name);
        const info = await stat(full);
        if (info.isDirectory()) queue.push(full);
        else files++;
      }),
    );
  }
  return files;
}
