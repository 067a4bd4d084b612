import type { PluginContext, PluginSettings } from '@shelfmark/plugin-sdk';
import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';

/**
 * One call through a fresh test host, so each test starts with an empty rate-limit window (the plugin spaces its
 * requests 2 s apart).
 */
export async function callAniList<T>(
  baseUrl: string,
  call: (context: PluginContext) => Promise<T>,
  options: { language?: string; settings?: PluginSettings } = {},
): Promise<T> {
  const { host } = createTestHost(plugin);
  return host.run(call, { settings: options.settings ?? { base_url: baseUrl }, language: options.language ?? 'en' });
}

export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export function sentBody(request: { body: string }): { query: string; variables: Record<string, unknown> } {
  return JSON.parse(request.body);
}
