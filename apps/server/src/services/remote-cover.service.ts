import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../domain/errors.js';
import { sniffImageType } from '../indexer/formats/image-type.js';
import type { Logger } from '../logger.js';
import type { SettingRepository } from '../repositories/setting.repository.js';

/** The setting that holds the key covers are signed with; made once, the same for every process of a database. */
const SIGNING_KEY_SETTING = 'remote_cover_signing_key';
/** Where the server answers a provider's cover, below the API root (`GET /covers/remote`, openapi.yaml). */
const ROUTE = '/covers/remote';
const SIGNATURE = /^[0-9a-f]{64}$/;

export interface RemoteCoverLimits {
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** The largest answer read; a longer one is dropped unread past that. */
  maxBytes: number;
  maxRedirects: number;
}

const DEFAULT_LIMITS: RemoteCoverLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 3 };
/** The longest a fetched cover's re-encoding may take (a reader process started on a busy machine included). */
const ENCODE_TIMEOUT_MS = 60_000;

/** Re-encodes an image already sniffed as one (BookReader.remoteCover, in a reader process). */
export type CoverEncoder = (data: Uint8Array, signal: AbortSignal) => Promise<Uint8Array>;

/** The signing key of this database, made by the first process that needs it (`claim` is atomic on both databases). */
export async function remoteCoverKey(settings: SettingRepository): Promise<Buffer> {
  await settings.claim(SIGNING_KEY_SETTING, randomBytes(32).toString('base64url'));
  const key = await settings.get<string>(SIGNING_KEY_SETTING);
  if (typeof key !== 'string' || key.length < 32) throw new Error(`setting ${SIGNING_KEY_SETTING} is not a key`);
  return Buffer.from(key, 'base64url');
}

/** Why a fetch gave nothing; logged, never answered. */
class CoverFetchError extends Error {}

/**
 * Covers that metadata providers link to, shown through the server (ADR 17): the admin's pages then load images from
 * their own origin only, under one strict Content-Security-Policy, and no provider learns who browses. The server
 * fetches only addresses it signed itself when it sent them (a candidate's or a series' `cover_url`), so the route
 * is no open proxy: a caller cannot name a host of their own. Each image is fetched once, re-encoded, and kept in
 * DATA_DIR/remote-covers under its signature.
 */
export class RemoteCoverService {
  readonly directory: string;
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly key: Buffer,
    dataDir: string,
    private readonly encode: CoverEncoder,
    private readonly logger: Logger,
    private readonly limits: RemoteCoverLimits = DEFAULT_LIMITS,
  ) {
    this.directory = path.join(dataDir, 'remote-covers');
  }

  /**
   * The server's address of a provider's cover, below `apiRoot`; null for null or anything that is not an http(s)
   * URL (nothing the admin could show).
   */
  pathOf(url: string | null | undefined, apiRoot: string): string | null {
    if (!url || !isWebUrl(url)) return null;
    return `${apiRoot}${ROUTE}?${new URLSearchParams({ u: url, s: this.sign(url) }).toString()}`;
  }

  /**
   * The provider's address back from an address `pathOf` wrote (a candidate passed back to match it keeps the
   * provider's URL in the series, not ours); any other value is returned as it is.
   */
  originalOf(value: string | null | undefined): string | null | undefined {
    if (!value || !value.includes(`${ROUTE}?`)) return value;
    const query = new URLSearchParams(value.slice(value.indexOf('?') + 1));
    const url = query.get('u');
    return url !== null && this.verifies(url, query.get('s')) ? url : value;
  }

  /** The file of a signed cover, fetched and re-encoded the first time; 404 for anything else, or when it fails. */
  async file(url: string, signature: string): Promise<string> {
    if (!this.verifies(url, signature) || !isWebUrl(url)) throw new NotFoundError('Cover');
    const file = path.join(this.directory, `${signature}.jpg`);
    if (await exists(file)) return file;
    let pending = this.inFlight.get(signature);
    if (!pending) {
      pending = this.fetchInto(url, file).finally(() => this.inFlight.delete(signature));
      this.inFlight.set(signature, pending);
    }
    return pending;
  }

  private sign(url: string): string {
    return createHmac('sha256', this.key).update(url, 'utf8').digest('hex');
  }

  private verifies(url: string, signature: string | null): boolean {
    if (signature === null || !SIGNATURE.test(signature)) return false;
    return timingSafeEqual(Buffer.from(this.sign(url), 'hex'), Buffer.from(signature, 'hex'));
  }

  private async fetchInto(url: string, file: string): Promise<string> {
    let image: Uint8Array;
    try {
      // The remote host's time is bounded; the re-encoding runs in a reader process, bounded by its own limits.
      const data = await this.fetchImage(url, AbortSignal.timeout(this.limits.timeoutMs));
      image = await this.encode(data, AbortSignal.timeout(ENCODE_TIMEOUT_MS));
    } catch (error) {
      // The remote answer stays here: the caller learns only that there is no cover.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.info({ host: hostOf(url), reason }, 'provider cover not fetched');
      throw new NotFoundError('Cover');
    }
    await mkdir(this.directory, { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, image);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return file;
  }

  /** The answer's bytes once they are known to be an image; redirects followed by hand, each to http(s) only. */
  private async fetchImage(url: string, signal: AbortSignal): Promise<Uint8Array> {
    let address = url;
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(address, {
        redirect: 'manual',
        signal,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.5' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (redirects >= this.limits.maxRedirects) throw new CoverFetchError('too many redirects');
        address = new URL(location, address).href;
        if (!isWebUrl(address)) throw new CoverFetchError('redirected off http(s)');
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CoverFetchError(`answered ${response.status}`);
      }
      const data = await readCapped(response, this.limits.maxBytes);
      if (sniffImageType(data) === null) throw new CoverFetchError('not an image');
      return data;
    }
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new CoverFetchError('too large');
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      length += chunk.byteLength;
      if (length > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw new CoverFetchError('too large');
      }
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks, length);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
