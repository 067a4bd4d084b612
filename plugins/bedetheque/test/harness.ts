/** A plugin host wired to a fresh fake Bédéthèque, for the behaviour tests. */
import type { PluginContext, PluginSettings } from '@shelfmark/plugin-sdk';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { startFakeBedetheque } from './fake-service.js';

export interface Harness {
  fake: FakeService;
  logs: ReturnType<typeof createTestHost>['logs'];
  /** When each request left the host (`performance.now()`), for the pacing checks. */
  sentAt: number[];
  run<T>(call: (context: PluginContext) => Promise<T>, settings?: PluginSettings): Promise<T>;
  /** Paths (with their query) of the requests the fake received since the last call to `takeRequests`. */
  takeRequests(): string[];
}

export async function startHarness(): Promise<Harness> {
  const fake = await startFakeBedetheque();
  const { host, logs, sentAt } = createTestHost(plugin);
  let seen = 0;
  return {
    fake,
    logs,
    sentAt,
    run: (call, settings = {}) => host.run(call, { settings: { base_url: fake.url, ...settings }, language: 'en' }),
    takeRequests: () => {
      const fresh = fake.requests.slice(seen);
      seen = fake.requests.length;
      return fresh.map((request) => `${request.path}${request.query.size > 0 ? `?${request.query.toString()}` : ''}`);
    },
  };
}

export { plugin };
