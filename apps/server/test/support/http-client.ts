export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  body?: unknown;
  rawBody?: string;
  /** A multipart body (an upload); fetch writes its content type and boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch against the API root, JSON in and out; the body is parsed whenever the response is JSON. */
export function apiClient(baseUrl: string, root = '/api/v1') {
  return async function call<T = any>(route: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const url = new URL(`${root}${route}`, baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | FormData | undefined;
    if (options.form !== undefined) {
      body = options.form;
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(url, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed = /json/.test(type) && text.length > 0 ? (JSON.parse(text) as T) : (text as T);
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The session cookie (name=value) from a Set-Cookie response. */
export function sessionCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('shelfmark_session='));
  if (!cookie) throw new Error('no session cookie in the response');
  return cookie.split(';')[0]!;
}
