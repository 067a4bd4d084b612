import { randomUUID } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file in DATA_DIR that names this installation's server across restarts. */
export const INSTANCE_ID_FILE = 'instance-id';

const VALID = /^[0-9a-f-]{36}$/;

/**
 * The id of the server that runs on this data directory, the same after every restart: what tells a restarted
 * process that a watch lease is its dead predecessor's, where the host name and the process id cannot (in Docker,
 * every restart is pid 1 on the same host name, and another container may be too). Made once, atomically: two
 * processes starting together on a new data directory read the same id.
 */
export async function instanceIdOf(dataDir: string): Promise<string> {
  const file = path.join(dataDir, INSTANCE_ID_FILE);
  const existing = await readId(file);
  if (existing) return existing;
  const line = `${randomUUID()}\n`;
  const candidate = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(candidate, line);
    // A link appears whole or not at all, and never over the file of a process that made it first.
    await link(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      // A file system without hard links (some network shares): created exclusively instead.
      await writeFile(file, line, { flag: 'wx' }).catch((failure: NodeJS.ErrnoException) => {
        if (failure.code !== 'EEXIST') throw failure;
      });
    }
  } finally {
    await rm(candidate, { force: true });
  }
  const made = await readId(file);
  if (!made) throw new Error(`${file} does not hold an instance id: remove it to have a new one made`);
  return made;
}

async function readId(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const id = text?.trim();
  return id !== undefined && VALID.test(id) ? id : undefined;
}
