import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../src/http/openapi-document.js';
import { SignInLimiter } from '../src/http/sign-in-limiter.js';
import { inputSchemaOf } from '../src/trpc/operation-input.js';
import { createAppRouter, type AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let cookie: string;

function client(headers: Record<string, string> = {}) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => headers })],
  });
}

async function rest(route: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/api/v1${route}`, {
    method: init.method ?? 'GET',
    headers: { cookie, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  await mkdir(path.join(server.librariesRoot, 'Comics/Saga'), { recursive: true });
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  cookie = sessionCookie(login.headers);
});
afterAll(() => server.close());

describe('tRPC for the admin', () => {
  it('answers the public status and refuses everything else without the session cookie', async () => {
    expect(await client().auth.status.query({})).toEqual({
      setup_required: false,
      authenticated: false,
      username: null,
      sso_button_label: null,
    });
    const refused = await failure(client().libraries.list.query({}));
    expect(refused.data?.code).toBe('UNAUTHORIZED');
    expect(refused.data?.httpStatus).toBe(401);
    // API tokens are for REST and OPDS; the admin signs in.
    const token = await failure(client({ authorization: `Bearer ${BOOTSTRAP_TOKEN}` }).libraries.list.query({}));
    expect(token.data?.code).toBe('UNAUTHORIZED');
  });

  it('runs the same services as REST and returns the same DTOs, batched', async () => {
    const admin = client({ cookie });
    const created = await admin.libraries.create.mutate({ body: { name: 'Comics', root_path: 'Comics' } });
    const [list, folders, viaRest] = await Promise.all([
      admin.libraries.list.query({}),
      admin.folders.list.query({ path: 'Comics' }),
      rest(`/libraries/${created.id}`),
    ]);
    expect(list.items.map((library) => library.id)).toEqual([created.id]);
    expect(list).toMatchObject({ total: 1, page: 1, limit: 50 });
    expect(folders.map((folder) => folder.name)).toEqual(['Saga']);
    // The creation scan may be under way and the worker may be taking the library: what they change (counts, last
    // scan, watch mode) is left out of the comparison.
    expect(created.scan_job?.type).toBe('scan');
    const stable = ['id', 'name', 'root_path', 'metadata_provider', 'scan_schedule', 'watch', 'created_at'] as const;
    for (const field of stable) expect(viaRest.body[field], field).toEqual(created[field]);
    expect(await admin.auth.status.query({})).toEqual({
      setup_required: false,
      authenticated: true,
      username: 'admin',
      sso_button_label: null,
    });
  });

  it('validates input with the contract schemas and reports the problem REST reports', async () => {
    const admin = client({ cookie });
    const missing = await failure(admin.libraries.create.mutate({ body: { name: 'No root' } } as never));
    expect(missing.data?.code).toBe('BAD_REQUEST');
    expect(missing.data?.problem.errors?.map((issue) => issue.path)).toContain('/body');
    const unknown = await failure(
      admin.libraries.create.mutate({ body: { name: 'X', root_path: 'Comics', colour: 'red' } } as never),
    );
    expect(unknown.message).toMatch(/colour/);
    const tooBig = await failure(admin.libraries.list.query({ limit: 501 }));
    expect(tooBig.data?.httpStatus).toBe(400);
    // A domain error: the same status, message and field errors as the REST problem+json.
    const viaTrpc = await failure(admin.libraries.create.mutate({ body: { name: 'Nowhere', root_path: 'Missing' } }));
    const viaRest = await rest('/libraries', { method: 'POST', body: { name: 'Nowhere', root_path: 'Missing' } });
    expect(viaTrpc.data?.httpStatus).toBe(viaRest.status);
    expect(viaTrpc.message).toBe(viaRest.body.detail);
    expect(viaTrpc.data?.problem.errors ?? []).toEqual(viaRest.body.errors ?? []);
    const notFound = await failure(admin.books.get.query({ book_id: '00000000-0000-4000-8000-000000000000' }));
    expect(notFound.data?.code).toBe('NOT_FOUND');
  });

  it('carries volumes and chapters, edits them, and refuses a reversed range as REST does', async () => {
    const admin = client({ cookie });
    await writeComic(server.librariesRoot, 'Manga/Kaiju/Kaiju v02 c010-018.cbz', { pages: 1 });
    const library = await admin.libraries.create.mutate({ body: { name: 'Manga', root_path: 'Manga' } });
    const call = apiClient(server.url);
    const job = await call(`/libraries/${library.id}/scan`, { method: 'POST', token: BOOTSTRAP_TOKEN, body: {} });
    expect((await waitForJob(call, BOOTSTRAP_TOKEN, job.body.id)).status).toBe('succeeded');
    const [book] = (await admin.books.list.query({ library_id: library.id })).items;
    expect(book).toMatchObject({ volume: 2, volume_end: null, chapter: 10, chapter_end: 18, kind: 'regular' });

    const body = { chapter: 20 };
    const viaTrpc = await failure(admin.books.update.mutate({ book_id: book!.id, body }));
    const viaRest = await rest(`/books/${book!.id}`, { method: 'PATCH', body });
    expect(viaRest.status).toBe(400);
    expect(viaTrpc.data?.httpStatus).toBe(400);
    expect(viaTrpc.data?.problem.errors).toEqual(viaRest.body.errors);
    expect(viaTrpc.data?.problem.errors?.map((issue) => issue.path)).toEqual(['/body/chapter_end']);

    const edited = await admin.books.update.mutate({
      book_id: book!.id,
      body: { chapter: 20, chapter_end: 24, locked_fields: ['chapter', 'chapter_end'] },
    });
    expect(edited).toMatchObject({ chapter: 20, chapter_end: 24, locked_fields: ['chapter', 'chapter_end'] });
    const series = (await admin.series.list.query({ library_id: library.id })).items[0];
    expect(series).toMatchObject({ owned_count: 1, chapter_count: 0, first_chapter: null });
  });

  it('signs in and out through tRPC with the REST limits and cookie', async () => {
    let setCookie = '';
    const browser = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${server.url}/trpc`,
          headers: () => (setCookie ? { cookie: setCookie } : {}),
          fetch: async (url, init) => {
            const response = await fetch(url, init);
            const cookies = response.headers.getSetCookie();
            if (cookies.length > 0) setCookie = cookies[0]!.split(';')[0]!;
            return response;
          },
        }),
      ],
    });
    const wrong = await failure(browser.auth.signIn.mutate({ body: { username: 'admin', password: 'not it at all' } }));
    expect(wrong.data?.httpStatus).toBe(401);
    const user = await browser.auth.signIn.mutate({ body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(user.username).toBe('admin');
    expect(setCookie).toMatch(/^shelfmark_session=/);
    expect((await browser.auth.me.query({})).username).toBe('admin');
    expect((await browser.auth.setLocale.mutate({ body: { locale: 'fr' } })).locale).toBe('fr');
    expect(await browser.auth.setTheme.mutate({ body: { theme: 'dark' } })).toMatchObject({
      locale: 'fr',
      theme: 'dark',
    });
    await browser.auth.signOut.mutate({});
    expect(await browser.auth.status.query({})).toMatchObject({ authenticated: false });
  });

  it('refuses cross-site writes as REST does', async () => {
    const crossSite = client({ cookie, origin: 'https://evil.example' });
    const refused = await failure(crossSite.tokens.create.mutate({ body: { name: 'x', scope: 'admin' } }));
    expect(refused.data?.code).toBe('FORBIDDEN');
    expect((await client({ cookie }).tokens.list.query({})).items).toEqual([]);
  });
});

describe('the metadata and settings procedures (admin part 2)', () => {
  it('maps statuses, saves settings and refuses a batch on a library without provider with the REST problem', async () => {
    const admin = client({ cookie });
    const mappings = await admin.statusMappings.list.query({});
    const raw = mappings.items.find((mapping) => mapping.mapped_status !== null)!;
    const unmapped = await admin.statusMappings.unmap.mutate({ id: raw.id });
    expect(unmapped).toMatchObject({ id: raw.id, mapped_status: null });
    expect((await admin.statusMappings.list.query({})).items.map((mapping) => mapping.id)).toContain(raw.id);
    expect(
      await admin.statusMappings.set.mutate({
        body: { provider_status: raw.provider_status, mapped_status: 'ongoing' },
      }),
    ).toMatchObject({ mapped_status: 'ongoing' });
    const settings = await admin.settings.update.mutate({
      body: { opds_pse_marks_read: false, provider_language: 'fr' },
    });
    expect(settings).toMatchObject({ opds_pse_marks_read: false, provider_language: 'fr' });
    const library = (await admin.libraries.list.query({})).items[0]!;
    const batch = await failure(admin.metadata.startBatch.mutate({ body: { library_id: library.id } }));
    const viaRest = await rest('/metadata/batch', { method: 'POST', body: { library_id: library.id } });
    expect(batch.data?.httpStatus).toBe(400);
    expect(viaRest.status).toBe(400);
    expect(batch.message).toBe(viaRest.body.detail);
  });
});

describe('live job progress', () => {
  it('streams a scan to its end as Server-Sent Events, each event with the REST event id', async () => {
    await writeComic(path.join(server.librariesRoot, 'Live'), 'Saga/Saga 01.cbz', { pages: 2 });
    const admin = client({ cookie });
    const library = await admin.libraries.create.mutate({ body: { name: 'Live', root_path: 'Live' } });
    const job = await admin.libraries.scan.mutate({ library_id: library.id, body: { mode: 'full' } });
    const input = encodeURIComponent(JSON.stringify({ job_id: job.id }));
    const response = await fetch(`${server.url}/trpc/jobs.events?input=${input}`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = text
      .split('\n\n')
      .map((block) => ({
        id: /^id: ?(.*)$/m.exec(block)?.[1],
        data: /^data: ?(.*)$/m.exec(block)?.[1],
      }))
      .filter((event) => event.id !== undefined && event.data !== undefined);
    const last = JSON.parse(events.at(-1)!.data!) as { kind: string; job: { id: string; status: string } };
    expect(last).toMatchObject({ kind: 'end', job: { id: job.id, status: 'succeeded' } });
    expect(events.at(-1)!.id).toMatch(/\S/);
    const anonymous = await fetch(`${server.url}/trpc/jobs.events?input=${input}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(await anonymous.text()).toMatch(/UNAUTHORIZED/);
  });
});

describe('the contract behind each procedure', () => {
  it('gives every procedure the input schema of its REST operation, and the matching kind', () => {
    const router = createAppRouter(
      server.container,
      server.app.spec,
      new SignInLimiter({ attempts: 10, windowMs: 60_000 }),
    );
    const document = server.app.spec.document;
    const methods = new Map(operations(document).map((ref) => [ref.operation.operationId, ref.method]));
    const procedures = Object.entries(router._def.procedures as Record<string, unknown>) as [
      string,
      { _def: { meta?: { operationId?: string }; type: string } },
    ][];
    expect(procedures.length).toBeGreaterThan(20);
    for (const [name, procedure] of procedures) {
      const operationId = procedure._def.meta?.operationId;
      expect(operationId, name).toBeDefined();
      const method = methods.get(operationId!);
      expect(method, `${name} → ${operationId}`).toBeDefined();
      expect(procedure._def.type, name).toBe(
        method === 'get' ? (name === 'jobs.events' ? 'subscription' : 'query') : 'mutation',
      );
      const schema = inputSchemaOf(document, operationId!) as { properties: Record<string, unknown> };
      const found = operations(document).find((ref) => ref.operation.operationId === operationId)!;
      const body = (found.operation.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)
        ?.content?.['application/json']?.schema;
      // The REST body schema, the very object openapi.yaml holds, is the procedure's `body`.
      if (body) expect(schema.properties.body, name).toBe(body);
      else expect(schema.properties.body, name).toBeUndefined();
    }
  });
});
