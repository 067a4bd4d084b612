import { createHash } from 'node:crypto';

/**
 * KOReader's kosync.koplugin as a test double of the client, not of us: the requests its KOSyncClient.lua sends
 * (headers and bodies from its source) and the decision its main.lua takes on a pull's answer.
 */

export interface KoreaderDevice {
  /** Device.model, sent as `device`. */
  model: string;
  /** G_reader_settings' device_id: random.uuid() without dashes, upper case. */
  deviceId: string;
  /** The page (paging documents) or xpointer (rolling) the book is open at. */
  progress: string;
  /** Math.roundPercent of the reader's last percentage. */
  percentage: number;
  /** os.time() of the last page turn (0 when no page was turned since opening). */
  lastPageTurn: number;
}

export interface KoreaderAccount {
  /** The user name typed in the login dialog: here, a Shelfmark API token. */
  username: string;
  /** The password typed; KOReader sends its MD5 (userkey = md5(password)). */
  password: string;
}

const md5 = (value: string) => createHash('md5').update(value).digest('hex');

/** What Spore's middlewares put on every request: GinClient's Accept, KOSyncAuth's headers, Format.JSON's type. */
export function koreaderHeaders(account: KoreaderAccount | null, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/vnd.koreader.v1+json' };
  if (account) {
    headers['x-auth-user'] = account.username;
    headers['x-auth-key'] = md5(account.password);
  }
  if (withBody) headers['content-type'] = 'application/json';
  return headers;
}

export interface KoreaderResponse {
  status: number;
  contentType: string | null;
  /** What Spore's Format.JSON hands the plugin: the decoded table when the type is JSON, else the raw text. */
  body: unknown;
  text: string;
}

async function answer(response: Response): Promise<KoreaderResponse> {
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  // KOReader releases from 2025 decode only this exact type; anything else reaches the plugin as a string.
  const body = contentType === 'application/json' && text.length > 0 ? (JSON.parse(text) as unknown) : text;
  return { status: response.status, contentType, body, text };
}

export function koreaderClient(serverUrl: string) {
  const base = `${serverUrl}/koreader`;
  return {
    register: async (username: string, password: string) =>
      answer(
        await fetch(`${base}/users/create`, {
          method: 'POST',
          headers: koreaderHeaders(null, true),
          body: JSON.stringify({ username, password: md5(password) }),
        }),
      ),
    authorize: async (account: KoreaderAccount | null) =>
      answer(await fetch(`${base}/users/auth`, { headers: koreaderHeaders(account, false) })),
    /** update_progress: progress goes through tostring(); percentage is a Lua number. */
    updateProgress: async (
      account: KoreaderAccount | null,
      push: { document: string; progress: string | number; percentage: number; device: string; device_id: string },
    ) =>
      answer(
        await fetch(`${base}/syncs/progress`, {
          method: 'PUT',
          headers: koreaderHeaders(account, true),
          body: JSON.stringify(push),
        }),
      ),
    /** A raw PUT, for bodies the plugin would never send. */
    putRaw: async (account: KoreaderAccount | null, body: string, contentType = 'application/json') =>
      answer(
        await fetch(`${base}/syncs/progress`, {
          method: 'PUT',
          headers: { ...koreaderHeaders(account, false), 'content-type': contentType },
          body,
        }),
      ),
    getProgress: async (account: KoreaderAccount | null, document: string) =>
      answer(await fetch(`${base}/syncs/progress/${document}`, { headers: koreaderHeaders(account, false) })),
  };
}

export type PullOutcome =
  'sync-error' | 'no-progress' | 'from-this-device' | 'already-synchronized' | 'synced' | 'offer-forward' | 'nothing';

/** Math.roundPercent from KOReader's optmath.lua: floors to four decimals. */
const roundPercent = (percent: number) => Math.floor(percent * 10000) / 10000;

/**
 * KOSync:getProgress's callback in main.lua. `interactive` is the menu's "Pull progress from other devices";
 * otherwise it runs on opening a book with the default whisper settings (forward: prompt, backward: disabled).
 */
export function pullDecision(response: KoreaderResponse, device: KoreaderDevice, interactive: boolean): PullOutcome {
  // KOSyncClient: callback(res.status == 200, res.body); Spore throws on a status outside api.json's list.
  if (response.status !== 200 || !response.body) return 'sync-error';
  const body = typeof response.body === 'object' ? (response.body as Record<string, unknown>) : {};
  if (body.percentage === undefined || body.percentage === null) return 'no-progress';
  if (body.device === device.model && body.device_id === device.deviceId) return 'from-this-device';
  const percentage = roundPercent(Number(body.percentage));
  if (device.percentage === percentage || body.progress === device.progress) return 'already-synchronized';
  if (interactive) return 'synced';
  const selfOlder =
    typeof body.timestamp === 'number' ? body.timestamp > device.lastPageTurn : percentage > device.percentage;
  return selfOlder ? 'offer-forward' : 'nothing';
}
