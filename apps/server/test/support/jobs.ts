import { expect } from 'vitest';
import type { ApiClient } from './http-client.js';

/** Polls a job until it has finished and returns its details. */
export async function waitForJob(call: ApiClient, token: string, jobId: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await call(`/jobs/${jobId}`, { token });
    expect(result.status).toBe(200);
    if (['succeeded', 'completed_with_errors', 'failed', 'cancelled'].includes(result.body.status)) return result.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${result.body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
