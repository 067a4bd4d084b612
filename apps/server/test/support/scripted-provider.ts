import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');
/** SHELFMARK_PLUGINS entries that load the two scripted providers (ids scripted_primary, scripted_fallback). */
export const SCRIPTED_PLUGINS = [
  path.join(fixtures, 'scripted-primary.mjs'),
  path.join(fixtures, 'scripted-fallback.mjs'),
];

export function seriesRecord(externalId: string, title: string, extra: Partial<SeriesRecord> = {}): SeriesRecord {
  return {
    externalId,
    title,
    alternativeTitles: [],
    authors: [],
    description: null,
    publishers: [],
    startYear: null,
    totalVolumes: null,
    totalChapters: null,
    rawStatus: null,
    genres: [],
    language: null,
    coverUrl: null,
    externalUrl: null,
    ...extra,
  };
}

export function volumeRecord(
  externalId: string,
  volumeNumber: number | null,
  extra: Partial<VolumeRecord> = {},
): VolumeRecord {
  return {
    externalId,
    volumeNumber,
    title: null,
    authors: [],
    isbn: null,
    summary: null,
    coverUrl: null,
    pageCount: null,
    language: null,
    publishDate: null,
    ...extra,
  };
}

/**
 * The service behind the scripted provider plugins: a real HTTP server whose answers each test sets. `failing`
 * names queries (or `*`) answered with 500, as a broken service would.
 */
export class ScriptedProvider {
  /** Search results by exact query (the series name). */
  readonly search = new Map<string, SeriesRecord[]>();
  readonly series = new Map<string, SeriesRecord>();
  readonly volumes = new Map<string, VolumeRecord[]>();
  readonly failing = new Set<string>();
  readonly requests: { path: string; apiKey: string | undefined }[] = [];
  url = '';
  /** Added before every answer, as a real service's round trip. */
  latencyMs = 0;
  /** Requests received and not yet answered (a request is only in `requests` once answered). */
  pending = 0;
  private server: Server | undefined;

  /** Makes `record` known to lookups and, when `query` is given, a result of that search. */
  add(record: SeriesRecord, volumes: VolumeRecord[] = [], query?: string): SeriesRecord {
    this.series.set(record.externalId, record);
    this.volumes.set(record.externalId, volumes);
    if (query !== undefined) this.search.set(query, [...(this.search.get(query) ?? []), record]);
    return record;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.pending++;
      const answer = () => {
        this.pending--;
        this.answer(req, res);
      };
      if (this.latencyMs > 0) setTimeout(answer, this.latencyMs);
      else answer();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = req.headers['x-api-key'];
    this.requests.push({
      path: `${url.pathname}${url.search}`,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const query = url.searchParams.get('q') ?? '';
    if (this.failing.has('*') || this.failing.has(query)) return send(500, { error: 'internal error' });
    if (url.pathname === '/search') return send(200, this.search.get(query) ?? []);
    const volumes = /^\/series\/([^/]+)\/volumes$/.exec(url.pathname);
    if (volumes) {
      const id = decodeURIComponent(volumes[1]!);
      if (this.failing.has(`volumes:${id}`)) return send(500, { error: 'internal error' });
      return send(200, this.volumes.get(id) ?? []);
    }
    const series = /^\/series\/([^/]+)$/.exec(url.pathname);
    if (series) {
      const record = this.series.get(decodeURIComponent(series[1]!));
      return record ? send(200, record) : send(404, { error: 'not found' });
    }
    send(404, { error: 'no such endpoint' });
  }
}
