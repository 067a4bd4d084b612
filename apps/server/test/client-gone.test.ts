import { mkdir, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from './formats/support/zip-writer.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Issue 33 item 17: a thumbnail, a file or an EPUB resource whose client closes the connection before the answer
 * (a reader scrolling past, an app cancelling) is noted at debug, in REST, OPDS and /epub alike: never an error,
 * never "request answered 500". Each request is sent on a raw socket closed right after it, against the real server.
 */
let server: TestServer;
let call: ApiClient;
const token = BOOTSTRAP_TOKEN;
const ids = { comic: '', epub: '' };

function epub(): Buffer {
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
    <dc:title>Gone</dc:title><dc:language>en</dc:language></metadata>
  <manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>`;
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 0 },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
          '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    { name: 'OEBPS/ch1.xhtml', data: Buffer.from(`<html><body><p>${'words '.repeat(200_000)}</p></body></html>`) },
  ]);
}

interface LogLine {
  level: number;
  msg: string;
  req?: { url?: string };
  err?: unknown;
}
const lines = (): LogLine[] =>
  server.logs
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Sends a GET and closes the socket at once, before the server can answer. */
async function abandon(target: string, authorization: string): Promise<void> {
  const url = new URL(server.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${target} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\n\r\n`);
  socket.destroy();
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiClient(server.url);
  await writeComic(server.librariesRoot, 'gone/Comic/Comic T01.cbz', { pages: 3 });
  await mkdir(path.join(server.librariesRoot, 'gone/Book'), { recursive: true });
  await writeFile(path.join(server.librariesRoot, 'gone/Book/Book.epub'), epub());
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Gone', root_path: 'gone' } });
  expect(created.status, created.text).toBe(201);
  expect((await waitForJob(call, token, created.body.scan_job.id, 60_000)).status).toBe('succeeded');
  const books = (await call('/books?limit=10', { token })).body.items as { id: string; format: string }[];
  ids.comic = books.find((book) => book.format === 'cbz')!.id;
  ids.epub = books.find((book) => book.format === 'epub')!.id;
  // The thumbnail exists before the test (made by the scan's job or on this first call).
  expect((await fetch(`${server.url}/api/v1/books/${ids.comic}/thumbnail`, bearer())).status).toBe(200);
}, 120_000);

afterAll(() => server?.close());

const bearer = () => ({ headers: { authorization: `Bearer ${token}` } });
const basicAdmin = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

describe('a client that goes away', () => {
  it('is noted at debug for thumbnails, files and EPUB resources in REST, OPDS and /epub, never as an error', async () => {
    const targets = [
      { url: `/api/v1/books/${ids.comic}/thumbnail`, auth: `Bearer ${token}` },
      { url: `/api/v1/books/${ids.comic}/file`, auth: `Bearer ${token}` },
      { url: `/opds/books/${ids.comic}/thumbnail`, auth: basicAdmin },
      { url: `/opds/books/${ids.comic}/file`, auth: basicAdmin },
      { url: `/epub/${ids.epub}/OEBPS/ch1.xhtml`, auth: `Bearer ${token}` },
    ];
    for (const target of targets) {
      // A request answered before the close is noticed says nothing: the same request is sent again until one
      // meets the closed socket (on a loaded machine the first usually does).
      const noted = () =>
        lines().some((line) => line.level === 20 && line.req?.url === target.url && /went away|aborted/.test(line.msg));
      for (let attempt = 0; attempt < 50 && !noted(); attempt++) {
        await abandon(target.url, target.auth);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await expect.poll(noted, { timeout: 10_000 }).toBe(true);
    }
    // Still serving, and nothing at warn or above, no 500.
    expect((await fetch(`${server.url}/api/v1/books/${ids.comic}/thumbnail`, bearer())).status).toBe(200);
    const faults = lines().filter((line) => line.level >= 40 || /answered 500|unhandled error/.test(line.msg));
    expect(faults, JSON.stringify(faults.slice(0, 3))).toEqual([]);
  });
});
