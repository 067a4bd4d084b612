import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** A process's name on the leases it takes (ADR 13), and the prefix of its predecessors' names. */
export interface LeaseHolder {
  /** The installation's instance id first, then the host and process, then a random part. */
  holder: string;
  /**
   * What every process that ran before this one on the same data directory had for a prefix: their leases may be
   * taken over at once (they died, or they restart: nobody else has this instance id).
   */
  predecessor: string;
}

export function leaseHolder(instanceId: string = randomUUID()): LeaseHolder {
  const predecessor = `${instanceId}:`;
  return { holder: `${predecessor}${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, predecessor };
}
