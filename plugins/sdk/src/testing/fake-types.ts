/**
 * Local fakes of external services. Each plugin writes the routes of its service; the kit adds the error modes that
 * every service can fall into, so the contract suite can drive them.
 */
export type FakeMode =
  | 'ok'
  /** 401 (or the service's own bad-key answer, through `errorResponses`). */
  | 'unauthorized'
  /** 429 with `Retry-After: 1`. */
  | 'rate_limited'
  /** 500. */
  | 'server_error'
  /** 200 with the first half of a JSON body. */
  | 'truncated_json'
  /** 200 with an HTML page where JSON was expected. */
  | 'html_instead_of_json'
  /** Accepts the request and never answers. */
  | 'timeout'
  /** The service's anti-bot page (only services that have one supply it through `errorResponses`). */
  | 'blocked';

export interface FakeRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Readonly<Record<string, string | undefined>>;
  /** Raw body text ('' when none). */
  body: string;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON with `application/json`. */
  json?: unknown;
  /** Sent as is; set `headers['content-type']` yourself (defaults to text/html; charset=utf-8). */
  body?: string;
}

export interface FakeServiceOptions {
  /** The normal behaviour of the service, used in mode `ok`. */
  handle(request: FakeRequest): FakeResponse | Promise<FakeResponse>;
  /** Service-specific answers for a mode, replacing the generic one (e.g. ComicVine's 200 + status_code 100). */
  errorResponses?: Partial<Record<Exclude<FakeMode, 'ok' | 'timeout'>, FakeResponse>>;
  /** Added before every answer, to test that the plugin's rate limit spaces requests. Default 0. */
  latencyMs?: number;
}

export interface FakeService {
  /** Base URL, e.g. `http://127.0.0.1:43121`, no trailing slash. */
  readonly url: string;
  /** Every request received, in order, with its arrival time (ms, performance.now()). */
  readonly requests: ReadonlyArray<FakeRequest & { receivedAt: number }>;
  setMode(mode: FakeMode): void;
  close(): Promise<void>;
}
