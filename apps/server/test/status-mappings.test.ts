import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { SEED_STATUS_RULES, statusKey } from '../src/domain/status-normalisation.js';
import type { LockableSeriesField } from '../src/entities/series.entity.js';
import { Series } from '../src/entities/series.entity.js';
import { StatusMapping } from '../src/entities/status-mapping.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let readToken: string;

interface MappingDto {
  id: string;
  provider_status: string;
  mapped_status: string | null;
}

const inContext = <T>(work: () => Promise<T>) => withContext(server.container.orm, work);
const statusMappings = () => server.container.services.statusMappings;

async function listMappings(): Promise<MappingDto[]> {
  const result = await call('/settings/status-mappings', { token });
  expect(result.status, result.text).toBe(200);
  return result.body.items as MappingDto[];
}

async function mappingOf(providerStatus: string): Promise<MappingDto | undefined> {
  return (await listMappings()).find((mapping) => mapping.provider_status === providerStatus);
}

async function upsert(providerStatus: string, mappedStatus: string | null) {
  const result = await call('/settings/status-mappings', {
    method: 'POST',
    token,
    body: { provider_status: providerStatus, mapped_status: mappedStatus },
  });
  expect(result.status, result.text).toBe(200);
  return result.body as MappingDto;
}

/**
 * A series as the metadata sync leaves it: the raw status in its stored form, and the status normalise() gives.
 * Written through the ORM because the sync is not part of this area.
 */
async function seriesWithRawStatus(
  name: string,
  raw: string,
  options: { lockedFields?: LockableSeriesField[]; storedRaw?: string } = {},
) {
  const status = await inContext(() => statusMappings().normalise(raw));
  const em = server.container.orm.em.fork();
  em.create(Series, {
    library: libraryId,
    name,
    folderPath: name,
    sortName: name.toLowerCase(),
    rawStatus: options.storedRaw ?? statusKey(raw),
    status,
    lockedFields: options.lockedFields ?? [],
  });
  await em.flush();
}

async function statusOf(name: string): Promise<string | null> {
  const result = await call(`/libraries/${libraryId}/series/${encodeURIComponent(name)}/metadata`, { token });
  expect(result.status, result.text).toBe(200);
  return result.body.status as string | null;
}

async function namesWithStatus(status: string): Promise<string[]> {
  const result = await call('/series', {
    token,
    query: { series_status: status, library_id: libraryId, limit: '500' },
  });
  expect(result.status, result.text).toBe(200);
  return result.body.items.map((item: { name: string }) => item.name).sort();
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, worker: false });
  call = apiClient(server.url);
  // Idempotent: start-up seeds too once the container calls it; calling again must change nothing.
  await inContext(() => statusMappings().ensureSeeded());
  await mkdir(path.join(server.librariesRoot, 'shelf'), { recursive: true });
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body.token;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('seed', () => {
  it('holds the statuses the providers send, mapped', async () => {
    const mappings = await listMappings();
    for (const seed of SEED_STATUS_RULES) {
      expect(mappings).toContainEqual({
        id: expect.any(String),
        provider_status: seed.providerStatus,
        mapped_status: seed.mappedStatus,
      });
    }
    expect(await mappingOf('releasing')).toMatchObject({ mapped_status: 'ongoing' });
    expect(await mappingOf('annulée')).toMatchObject({ mapped_status: 'cancelled' });
  });

  it('never overwrites an admin change, and restores only absent rows, even when two seed at once', async () => {
    await upsert('finie', 'hiatus');
    const em = server.container.orm.em.fork();
    await em.nativeDelete(StatusMapping, { providerStatus: { $in: ['releasing', 'hiatus'] } });

    await Promise.all([
      inContext(() => statusMappings().ensureSeeded()),
      inContext(() => statusMappings().ensureSeeded()),
    ]);

    const mappings = await listMappings();
    expect(mappings.filter((mapping) => mapping.provider_status === 'releasing')).toEqual([
      expect.objectContaining({ mapped_status: 'ongoing' }),
    ]);
    expect(mappings.filter((mapping) => mapping.provider_status === 'hiatus')).toHaveLength(1);
    expect(await mappingOf('finie')).toMatchObject({ mapped_status: 'hiatus' });
    await upsert('finie', 'ended');
  });
});

describe('normalise', () => {
  it('maps exactly, then by a contained key, and lists an unmapped value with a null mapping', async () => {
    const normalise = (raw: string) => inContext(() => statusMappings().normalise(raw));
    expect(await normalise('FINISHED')).toBe('ended');
    expect(await normalise('  Série En Cours ')).toBe('ongoing');
    expect(await mappingOf('série en cours')).toBeUndefined();

    expect(await normalise('One-Shot  Édition')).toBe('one-shot édition');
    expect(await mappingOf('one-shot édition')).toMatchObject({ mapped_status: null });
    expect(await normalise('   ')).toBe('');
    expect((await listMappings()).some((mapping) => mapping.provider_status === '')).toBe(false);
  });

  it('stores a new unmapped value once when many syncs meet it at the same time', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => inContext(() => statusMappings().normalise('Parution Irrégulière'))),
    );
    expect(new Set(results)).toEqual(new Set(['parution irrégulière']));
    const rows = (await listMappings()).filter((mapping) => mapping.provider_status === 'parution irrégulière');
    expect(rows).toEqual([expect.objectContaining({ mapped_status: null })]);
  });
});

describe('GET /settings/status-mappings', () => {
  it('lists mapped rows first, then by provider status', async () => {
    await inContext(() => statusMappings().normalise('Abandonnée'));
    await inContext(() => statusMappings().normalise('Zz Inconnu'));
    const mappings = await listMappings();
    const firstUnmapped = mappings.findIndex((mapping) => mapping.mapped_status === null);
    expect(firstUnmapped).toBeGreaterThan(0);
    expect(mappings.slice(firstUnmapped).every((mapping) => mapping.mapped_status === null)).toBe(true);
    const mapped = mappings.slice(0, firstUnmapped).map((mapping) => mapping.provider_status);
    const unmapped = mappings.slice(firstUnmapped).map((mapping) => mapping.provider_status);
    expect(mapped).toEqual([...mapped].sort((a, b) => a.localeCompare(b)));
    expect(unmapped).toEqual([...unmapped].sort((a, b) => a.localeCompare(b)));
    expect(unmapped).toEqual(expect.arrayContaining(['abandonnée', 'zz inconnu']));
    // Accented keys sort with their letter, the same on both databases.
    expect(mapped.indexOf('annulée')).toBeLessThan(mapped.indexOf('arrêtée'));
    expect(mapped.indexOf('arrêtée')).toBeLessThan(mapped.indexOf('cancelled'));
  });
});

describe('POST /settings/status-mappings', () => {
  it('creates a mapping from a trimmed, lowercased provider status, then changes it in place', async () => {
    const created = await upsert('  Série  Bientôt ', 'upcoming');
    expect(created).toEqual({ id: expect.any(String), provider_status: 'série bientôt', mapped_status: 'upcoming' });
    expect(await mappingOf('série bientôt')).toEqual(created);

    const changed = await upsert('SÉRIE BIENTÔT', 'ongoing');
    expect(changed).toEqual({ ...created, mapped_status: 'ongoing' });
    expect((await listMappings()).filter((mapping) => mapping.provider_status === 'série bientôt')).toHaveLength(1);

    const unmappedOnCreation = await upsert('Pas Encore Classée', null);
    expect(unmappedOnCreation).toMatchObject({ provider_status: 'pas encore classée', mapped_status: null });
  });

  it('maps a value the sync had listed unmapped, keeping its row', async () => {
    await inContext(() => statusMappings().normalise('En Pause'));
    const listed = await mappingOf('en pause');
    expect(listed).toMatchObject({ mapped_status: null });
    expect(await upsert('en pause', 'hiatus')).toEqual({ ...listed, mapped_status: 'hiatus' });
    expect(await inContext(() => statusMappings().normalise('En pause'))).toBe('hiatus');
  });

  it('answers 400 for a bad body', async () => {
    const post = (body: unknown) => call('/settings/status-mappings', { method: 'POST', token, body });
    expectProblem(await post({ provider_status: 'x', mapped_status: 'completed' }), 400);
    expectProblem(await post({ provider_status: '', mapped_status: 'ended' }), 400);
    expectProblem(await post({ provider_status: ' \u00a0 ', mapped_status: 'ended' }), 400);
    expectProblem(await post({ provider_status: 'x', mapped_status: 'ended', note: 'extra' }), 400);
    expectProblem(await post({ provider_status: 'x' }), 400);
    expectProblem(await post({ provider_status: 'x'.repeat(201), mapped_status: 'ended' }), 400);
    expectProblem(await post({ provider_status: 42, mapped_status: 'ended' }), 400);
    expect(await mappingOf('x')).toBeUndefined();
  });
});

describe('re-normalisation of series', () => {
  beforeAll(async () => {
    await seriesWithRawStatus('Exact', 'EN COURS');
    await seriesWithRawStatus('Contained', 'Série en cours');
    await seriesWithRawStatus('Locked', 'en cours', { lockedFields: ['status'] });
    // As a sync that only trims and lowercases would store a no-break space.
    await seriesWithRawStatus('Spaced', 'En\u00a0Cours', { storedRaw: 'en\u00a0cours' });
    await seriesWithRawStatus('Unmapped', 'Prépublication');
    await seriesWithRawStatus('Longer Key', 'Série en cours de réédition');
  });

  it('starts from what normalise gave', async () => {
    expect(await statusOf('Exact')).toBe('ongoing');
    expect(await statusOf('Contained')).toBe('ongoing');
    expect(await statusOf('Spaced')).toBe('ongoing');
    expect(await statusOf('Unmapped')).toBe('prépublication');
    expect(await mappingOf('prépublication')).toMatchObject({ mapped_status: null });
  });

  it('gives the series of a newly mapped raw status the normalised status, and lists filter on it', async () => {
    expect(await namesWithStatus('upcoming')).toEqual([]);
    await upsert('Prépublication', 'upcoming');
    expect(await statusOf('Unmapped')).toBe('upcoming');
    expect(await namesWithStatus('upcoming')).toEqual(['Unmapped']);
  });

  it('re-normalises exact and contained raw statuses when a mapping changes, but not a locked status', async () => {
    // The admin fixed this one by hand and locked it; and gave another a longer key of its own.
    const em = server.container.orm.em.fork();
    await em.nativeUpdate(Series, { library: libraryId, name: 'Locked' }, { status: 'ended' });
    await upsert('série en cours de réédition', 'upcoming');
    expect(await statusOf('Longer Key')).toBe('upcoming');
    await em.nativeUpdate(Series, { library: libraryId, name: 'Longer Key' }, { status: 'hand-edited' });

    await upsert('en cours', 'hiatus');

    expect(await statusOf('Exact')).toBe('hiatus');
    expect(await statusOf('Contained')).toBe('hiatus');
    expect(await statusOf('Spaced')).toBe('hiatus');
    expect(await statusOf('Locked')).toBe('ended');
    // Its raw status still resolves through its own, longer key: it does not map differently, so it is left alone.
    expect(await statusOf('Longer Key')).toBe('hand-edited');
    expect(await namesWithStatus('hiatus')).toEqual(['Contained', 'Exact', 'Spaced']);
  });

  it('unmaps: keeps the row, lists it with a null mapping, and gives the series their raw status', async () => {
    const mapping = await mappingOf('en cours');
    const result = await call(`/settings/status-mappings/${mapping!.id}`, { method: 'DELETE', token });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toEqual({ id: mapping!.id, provider_status: 'en cours', mapped_status: null });
    expect(await mappingOf('en cours')).toEqual(result.body);

    expect(await statusOf('Exact')).toBe('en cours');
    expect(await statusOf('Contained')).toBe('série en cours');
    expect(await statusOf('Spaced')).toBe('en cours');
    expect(await statusOf('Locked')).toBe('ended');
    // A raw status that became unmapped is listed, ready to be mapped.
    expect(await mappingOf('série en cours')).toMatchObject({ mapped_status: null });
    expect(await namesWithStatus('hiatus')).toEqual([]);

    // Unmapping again is harmless; mapping again restores the normalised status.
    expect((await call(`/settings/status-mappings/${mapping!.id}`, { method: 'DELETE', token })).status).toBe(200);
    await upsert('en cours', 'ongoing');
    expect(await statusOf('Exact')).toBe('ongoing');
    expect(await statusOf('Contained')).toBe('ongoing');
    await upsert('série en cours', 'ended');
    expect(await statusOf('Contained')).toBe('ended');
    expect(await statusOf('Exact')).toBe('ongoing');
  });

  it('keeps GET /series/statuses working with null mappings', async () => {
    await upsert('en cours', null);
    const result = await call('/series/statuses', { token });
    expect(result.status, result.text).toBe(200);
    const statuses = result.body.items as string[];
    expect(statuses).toEqual(expect.arrayContaining(['en cours', 'upcoming', 'ended', 'ongoing', 'hiatus']));
    expect(statuses).not.toContain(null);
    expect(statuses).not.toContain('zz inconnu');
    expect(new Set(statuses).size).toBe(statuses.length);
  });
});

describe('DELETE /settings/status-mappings/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectProblem(
      await call('/settings/status-mappings/0b5b7c4e-1111-4222-8333-944445555666', { method: 'DELETE', token }),
      404,
    );
    expectProblem(await call('/settings/status-mappings/not-a-uuid', { method: 'DELETE', token }), 400);
  });
});

describe('access', () => {
  it('lets a read token list but not change mappings, and refuses anonymous callers', async () => {
    const mapping = await mappingOf('finished');
    expect((await call('/settings/status-mappings', { token: readToken })).status).toBe(200);
    expectProblem(
      await call('/settings/status-mappings', {
        method: 'POST',
        token: readToken,
        body: { provider_status: 'finished', mapped_status: 'cancelled' },
      }),
      403,
    );
    expectProblem(await call(`/settings/status-mappings/${mapping!.id}`, { method: 'DELETE', token: readToken }), 403);
    expectProblem(await call('/settings/status-mappings'), 401);
    expect(await mappingOf('finished')).toEqual(mapping);
  });
});
