/**
 * What a browser does with redirects and cookies, enough for a single sign-on round trip: follows each `Location`,
 * keeps every cookie set on the way (by name: the test's hosts are all 127.0.0.1), and stops at `stopAt`.
 */
export class RedirectBrowser {
  readonly cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, its cookies kept; `Location` resolved against the URL asked. */
  async request(url: string, init: RequestInit = {}): Promise<{ status: number; location: string | null }> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await response.arrayBuffer();
    const location = response.headers.get('location');
    return { status: response.status, location: location === null ? null : new URL(location, url).href };
  }

  /** Follows redirects from `url` until one leads to an address `stopAt` accepts; returns that address. */
  async follow(url: string, stopAt: (url: string) => boolean, init: RequestInit = {}): Promise<string> {
    let next = url;
    let first = true;
    for (let hop = 0; hop < 20; hop++) {
      const { status, location } = await this.request(next, first ? init : {});
      first = false;
      if (location === null) throw new Error(`no redirect from ${next} (status ${status})`);
      if (stopAt(location)) return location;
      next = location;
    }
    throw new Error('too many redirects');
  }
}
