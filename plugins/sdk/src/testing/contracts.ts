import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthError,
  BadResponseError,
  BlockedError,
  NotConfiguredError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from '../errors.js';
import type { PluginHost } from '../host.js';
import { strictUriEncode } from '../redact.js';
import type { PluginContext, PluginSettings, ShelfmarkPlugin } from '../types.js';
import type { MetadataContractOptions, ReleaseIndexerContractOptions } from './contract-types.js';
import type { FakeMode, FakeService } from './fake-types.js';
import {
  SERIES_FIELDS,
  VOLUME_FIELDS,
  capabilityProblems,
  manifestProblems,
  releaseProblems,
  seriesProblems,
  undeclaredFieldProblems,
  volumeProblems,
} from './shapes.js';
import { startFakeService } from './fake-service.js';
import { createTestHost } from './test-host.js';
import type { CollectedLogLine } from './test-host.js';

type ErrorMode = Exclude<FakeMode, 'ok'>;
type ErrorClass =
  typeof AuthError | typeof RateLimitedError | typeof UnavailableError | typeof BadResponseError | typeof BlockedError;

const EXPECTED_ERROR: Record<ErrorMode, ErrorClass> = {
  unauthorized: AuthError,
  rate_limited: RateLimitedError,
  server_error: UnavailableError,
  timeout: UnavailableError,
  truncated_json: BadResponseError,
  html_instead_of_json: BadResponseError,
  blocked: BlockedError,
};

/** Long enough for a 429 with `Retry-After: 1` plus a retry, or the test host's 5 s request timeout. */
const ERROR_MODE_TEST_TIMEOUT_MS = 20_000;
const ABORT_AFTER_MS = 100;

interface Harness {
  fake: FakeService;
  host: PluginHost;
  logs: CollectedLogLine[];
  /** Every error a call rejected with, for the final secrets check. */
  errors: unknown[];
  settings: PluginSettings;
  run<T>(
    call: (context: PluginContext) => Promise<T>,
    options?: { settings?: PluginSettings; signal?: AbortSignal },
  ): Promise<T>;
  rejectionOf(promise: Promise<unknown>): Promise<Error>;
}

interface CommonOptions {
  plugin: ShelfmarkPlugin;
  startFake?(): Promise<FakeService>;
  usesHttp?: boolean;
  settings(fakeUrl: string): PluginSettings;
  secrets: string[];
  errorModes: ErrorMode[];
  language?: string;
  unconfiguredSettings?(fakeUrl: string): PluginSettings;
}

/** Registers the suite's lifecycle in the enclosing describe and hands out its state to the tests. */
function useHarness(options: CommonOptions): () => Harness {
  let harness: Harness | undefined;

  beforeAll(async () => {
    const fake = await (options.startFake ?? startNothingFake)();
    const { host, logs } = createTestHost(options.plugin);
    const settings = options.settings(fake.url);
    const errors: unknown[] = [];
    harness = {
      fake,
      host,
      logs,
      errors,
      settings,
      run: (call, overrides = {}) =>
        host.run(call, {
          settings: overrides.settings ?? settings,
          language: options.language ?? 'en',
          signal: overrides.signal,
        }),
      rejectionOf: async (promise) => {
        try {
          await promise;
        } catch (error) {
          errors.push(error);
          expect(error, 'a plugin call rejects with an Error').toBeInstanceOf(Error);
          return error as Error;
        }
        return expect.fail('expected the call to fail, but it succeeded');
      },
    };
  });

  afterEach(() => {
    harness?.fake.setMode('ok');
  });

  afterAll(async () => {
    await harness?.fake.close();
  });

  return () => {
    if (!harness) throw new Error('the contract suite did not start (see the beforeAll error)');
    return harness;
  };
}

/** The service of a plugin that makes no HTTP request: every request is a 404, and none should arrive. */
function startNothingFake(): Promise<FakeService> {
  return startFakeService({ handle: () => ({ status: 404, json: { error: 'this plugin should make no request' } }) });
}

const NO_HTTP_REASON = 'skipped: usesHttp is false, the plugin makes no HTTP request';

function expectNoProblems(problems: string[]): void {
  expect(problems, problems.join('\n')).toEqual([]);
}

/** Tests every plugin kind shares; `probe` is a call that must reach the service (search with results). */
function registerCommonTests(
  options: CommonOptions,
  harness: () => Harness,
  probe: (context: PluginContext) => Promise<unknown>,
  unconfiguredCalls: ((context: PluginContext) => Promise<unknown>)[],
): void {
  const { plugin } = options;
  const displayName = plugin.manifest.displayName;

  it('declares a well-formed manifest', () => {
    expectNoProblems(manifestProblems(plugin.manifest));
  });

  it('lists the value of every secret setting in the contract options', () => {
    const { settings } = harness();
    for (const field of plugin.manifest.settings.filter((candidate) => candidate.secret)) {
      const value = settings[field.key];
      if (typeof value === 'string' && value.length > 0) {
        expect(options.secrets, `secrets should include the value of ${field.key}`).toContain(value);
      }
    }
  });

  const usesHttp = options.usesHttp ?? true;
  if (!usesHttp) {
    it('makes no HTTP request (usesHttp is false)', async () => {
      const h = harness();
      const before = h.fake.requests.length;
      await h.run(probe);
      expect(h.fake.requests.length - before, 'requests that reached the fake service').toBe(0);
      expect(h.host.lastTiming?.requests ?? 0, 'requests sent through context.http').toBe(0);
    });
  }

  it.skipIf(!usesHttp)(`sends a User-Agent with every request${usesHttp ? '' : ` (${NO_HTTP_REASON})`}`, async () => {
    const h = harness();
    const before = h.fake.requests.length;
    await h.run(probe);
    const sent = h.fake.requests.slice(before);
    expect(
      sent.length,
      'the probe call sent no request to the fake service; a plugin that makes none passes usesHttp: false',
    ).toBeGreaterThan(0);
    for (const request of sent) {
      const userAgent = request.headers['user-agent'];
      expect(userAgent, `User-Agent of ${request.method} ${request.path}`).toBeTruthy();
      // undici's default: the request bypassed context.http.
      expect(userAgent).not.toBe('node');
    }
  });

  for (const mode of options.errorModes) {
    const expected = EXPECTED_ERROR[mode];
    it(
      `fails with ${expected.name} when the service is in mode '${mode}'`,
      async () => {
        const h = harness();
        h.fake.setMode(mode);
        const error = await h.rejectionOf(h.run(probe));
        expect(error, `${error.name}: ${error.message}`).toBeInstanceOf(expected);
        expect(error.message, 'the message names the service').toContain(displayName);
      },
      ERROR_MODE_TEST_TIMEOUT_MS,
    );
  }

  if (options.unconfiguredSettings) {
    const unconfigured = options.unconfiguredSettings.bind(options);
    it('fails with NotConfiguredError, without any request, when a required setting is missing', async () => {
      const h = harness();
      const before = h.fake.requests.length;
      for (const call of unconfiguredCalls) {
        const error = await h.rejectionOf(h.run(call, { settings: unconfigured(h.fake.url) }));
        expect(error, `${error.name}: ${error.message}`).toBeInstanceOf(NotConfiguredError);
      }
      expect(h.fake.requests.length, 'requests sent while not configured').toBe(before);
    });
  }

  it.skipIf(!usesHttp)(
    `rejects with AbortError soon after the caller aborts, while the service is still silent${
      usesHttp ? '' : ` (${NO_HTTP_REASON})`
    }`,
    async () => {
      const h = harness();
      h.fake.setMode('timeout');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), ABORT_AFTER_MS);
      const error = await h.rejectionOf(h.run(probe, { signal: controller.signal }));
      // The abort, not the test host's 5 s request timeout, ended the call: that would be an UnavailableError. (Both
      // are timers of one event loop, so a loaded machine delays them alike and the abort still comes first.)
      expect(error.name).toBe('AbortError');
    },
    ERROR_MODE_TEST_TIMEOUT_MS,
  );
}

/** Must be registered last: it reads what every earlier test logged and threw. */
function registerSecretsTest(options: CommonOptions, harness: () => Harness): void {
  const secrets = options.secrets.filter((secret) => secret.length > 0);
  it.runIf(secrets.length > 0)('never lets a secret appear in a log line or an error', () => {
    const h = harness();
    expect(h.errors.length, 'errors collected by the earlier tests').toBeGreaterThan(0);
    const texts = [JSON.stringify(h.logs), ...h.errors.flatMap(errorTexts)];
    for (const secret of secrets) {
      for (const form of new Set([secret, encodeURIComponent(secret), strictUriEncode(secret)])) {
        const leaks = texts.filter((text) => text.includes(form));
        expect(leaks, `secret found in: ${leaks.join('\n---\n').replaceAll(form, '<SECRET>')}`).toEqual([]);
      }
    }
  });
}

function errorTexts(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      texts.push(String(current), current.message, current.stack ?? '', safeJson(current));
      current = current.cause;
    } else {
      texts.push(safeJson(current));
      break;
    }
  }
  return texts;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The contract every metadata provider must pass, run against its own fake service. Call it at the top level of a
 * vitest test file.
 */
export function runMetadataProviderContract(options: MetadataContractOptions): void {
  const { plugin, knownSeries } = options;
  describe(`${plugin.manifest.displayName}: metadata provider contract`, () => {
    const harness = useHarness(options);
    const search = (context: PluginContext) => plugin.searchSeries(knownSeries.query, context);

    it('declares capabilities over known fields only', () => {
      expect(plugin.kind).toBe('metadata');
      expectNoProblems(capabilityProblems(plugin.capabilities));
    });

    it('finds the known series first, every candidate well formed', async () => {
      const results = await harness().run(search);
      expect(Array.isArray(results)).toBe(true);
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(20);
      expectNoProblems(
        results.flatMap((series, index) => [
          ...seriesProblems(series, `results[${index}]`),
          ...undeclaredFieldProblems(series, plugin.capabilities.series, SERIES_FIELDS, `results[${index}]`),
        ]),
      );
      expect(results[0]?.externalId).toBe(knownSeries.externalId);
    });

    it('answers an empty list when nothing matches', async () => {
      const results = await harness().run((context) => plugin.searchSeries(options.emptyQuery, context));
      expect(results).toEqual([]);
    });

    it('gets the known series by its id', async () => {
      const series = await harness().run((context) => plugin.getSeries(knownSeries.externalId, context));
      expectNoProblems([
        ...seriesProblems(series),
        ...undeclaredFieldProblems(series, plugin.capabilities.series, SERIES_FIELDS, 'series'),
      ]);
      expect(series.externalId).toBe(knownSeries.externalId);
    });

    it(
      plugin.capabilities.hasVolumes
        ? 'lists well-formed volumes of the known series'
        : 'lists no volumes (hasVolumes is false)',
      async () => {
        const volumes = await harness().run((context) => plugin.getVolumes(knownSeries.externalId, context));
        expect(Array.isArray(volumes)).toBe(true);
        if (!plugin.capabilities.hasVolumes) {
          expect(volumes).toEqual([]);
          return;
        }
        expect(volumes.length).toBeGreaterThan(0);
        expectNoProblems(
          volumes.flatMap((volume, index) => [
            ...volumeProblems(volume, `volumes[${index}]`),
            ...undeclaredFieldProblems(volume, plugin.capabilities.volumes, VOLUME_FIELDS, `volumes[${index}]`),
          ]),
        );
        const numbers = volumes.map((volume) => volume.volumeNumber).filter((number) => number !== null);
        expect(new Set(numbers).size, `volume numbers are unique: ${numbers.join(', ')}`).toBe(numbers.length);
        const ids = volumes.map((volume) => volume.externalId);
        expect(new Set(ids).size, 'volume ids are unique').toBe(ids.length);
      },
    );

    it('fails with NotFoundError for an id the service does not know', async () => {
      const h = harness();
      const error = await h.rejectionOf(h.run((context) => plugin.getSeries(options.unknownExternalId, context)));
      expect(error, `${error.name}: ${error.message}`).toBeInstanceOf(NotFoundError);
    });

    registerCommonTests(options, harness, search, [
      search,
      (context) => plugin.getSeries(knownSeries.externalId, context),
      (context) => plugin.getVolumes(knownSeries.externalId, context),
    ]);
    registerSecretsTest(options, harness);
  });
}

/**
 * The contract every release indexer must pass, run against its own fake service. Call it at the top level of a
 * vitest test file.
 */
export function runReleaseIndexerContract(options: ReleaseIndexerContractOptions): void {
  const { plugin } = options;
  describe(`${plugin.manifest.displayName}: release indexer contract`, () => {
    const harness = useHarness(options);
    const search = (context: PluginContext) => plugin.search(options.query, context);

    it('finds releases, every one well formed', async () => {
      expect(plugin.kind).toBe('release-indexer');
      const releases = await harness().run(search);
      expect(Array.isArray(releases)).toBe(true);
      expect(releases.length).toBeGreaterThan(0);
      expectNoProblems(releases.flatMap((release, index) => releaseProblems(release, `releases[${index}]`)));
      const guids = releases.map((release) => release.guid);
      expect(new Set(guids).size, 'release guids are unique').toBe(guids.length);
    });

    it('answers an empty list when nothing matches', async () => {
      const releases = await harness().run((context) => plugin.search(options.emptyQuery, context));
      expect(releases).toEqual([]);
    });

    it('reports a working connection', async () => {
      const result = await harness().run((context) => plugin.testConnection(context));
      expect(result.ok, result.message).toBe(true);
      expect(result.message.trim().length).toBeGreaterThan(0);
      if (result.indexerCount !== undefined) {
        expect(Number.isInteger(result.indexerCount) && result.indexerCount >= 0).toBe(true);
      }
    });

    if (options.errorModes.includes('unauthorized')) {
      it('reports refused credentials as a failed test, without throwing or showing the key', async () => {
        const h = harness();
        h.fake.setMode('unauthorized');
        const result = await h.run((context) => plugin.testConnection(context));
        expect(result.ok).toBe(false);
        expect(result.message.trim().length).toBeGreaterThan(0);
        for (const secret of options.secrets.filter((value) => value.length > 0)) {
          expect(result.message).not.toContain(secret);
        }
      });
    }

    registerCommonTests(options, harness, search, [search]);
    registerSecretsTest(options, harness);
  });
}
