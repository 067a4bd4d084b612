import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A small ext4 file system on a loop device, mounted at `at`: a full or read-only library without a real disk. */
export interface LoopMount {
  at: string;
  remountReadOnly(): Promise<void>;
  unmount(): Promise<void>;
}

export async function loopMount(image: string, at: string, megabytes: number): Promise<LoopMount> {
  await mkdir(path.dirname(image), { recursive: true });
  await mkdir(at, { recursive: true });
  await run('dd', ['if=/dev/zero', `of=${image}`, 'bs=1M', `count=${megabytes}`]);
  await run('mkfs.ext4', ['-q', '-F', '-m', '0', image]);
  await run('mount', ['-o', 'loop', image, at]);
  return {
    at,
    remountReadOnly: async () => void (await run('mount', ['-o', 'remount,ro', at])),
    unmount: async () => {
      await run('umount', [at]).catch(() => run('umount', ['-l', at]));
      await rm(image, { force: true });
    },
  };
}

/** Whether this process may loop-mount (root with loop devices, as CI runs); null when it may, else why not. */
export async function loopMountRefusal(scratch: string): Promise<string | null> {
  try {
    const probe = await loopMount(path.join(scratch, 'probe.img'), path.join(scratch, 'probe'), 2);
    await probe.unmount();
    await rm(path.join(scratch, 'probe'), { recursive: true, force: true });
    return null;
  } catch (error) {
    return `loop mounts are not permitted here (${error instanceof Error ? error.message.split('\n')[0] : 'unknown'})`;
  }
}
