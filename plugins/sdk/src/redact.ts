const REDACTED = '[redacted]';

/** Replaces secret values in text and in structured values; built once per call from the secret settings. */
export interface Redactor {
  readonly secrets: readonly string[];
  text(value: string): string;
  deep(value: unknown): unknown;
}

/** Encodes every byte except the unreserved set, as query strings built by the SDK do. */
export function strictUriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The forms a secret can take once it has travelled through a URL or a JSON document. */
function variantsOf(secret: string): string[] {
  const variants = [
    secret,
    encodeURIComponent(secret),
    strictUriEncode(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ];
  return variants.filter((variant) => variant.length > 0);
}

export function createRedactor(secrets: readonly string[]): Redactor {
  const distinct = [...new Set(secrets.filter((secret) => secret.length > 0))];
  // Longest first, so that a secret containing another one is replaced whole.
  const needles = [...new Set(distinct.flatMap(variantsOf))].sort((a, b) => b.length - a.length);

  const text = (value: string): string => {
    let result = value;
    for (const needle of needles) {
      if (result.includes(needle)) result = result.split(needle).join(REDACTED);
    }
    return result;
  };

  const deep = (value: unknown, seen = new WeakSet<object>(), depth = 0): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
      if (typeof value === 'number' || typeof value === 'bigint') {
        const printed = String(value);
        return needles.includes(printed) ? REDACTED : value;
      }
      return value;
    }
    if (seen.has(value) || depth > 8) return '[circular or too deep]';
    seen.add(value);
    if (value instanceof Error) {
      return { name: value.name, message: text(value.message) };
    }
    if (value instanceof URL) return text(value.href);
    if (value instanceof Date) return value;
    if (Array.isArray(value)) return value.map((item) => deep(item, seen, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = deep(item, seen, depth + 1);
    return copy;
  };

  return { secrets: distinct, text, deep: (value) => deep(value) };
}

/** Rewrites an error's message, stack and cause chain in place so that it can leave the host. */
export function redactError<E extends Error>(error: E, redactor: Redactor): E {
  if (redactor.secrets.length === 0) return error;
  let current: Error = error;
  for (let depth = 0; depth < 5; depth++) {
    current.message = redactor.text(current.message);
    if (typeof current.stack === 'string') current.stack = redactor.text(current.stack);
    const record = current as unknown as Record<string, unknown>;
    for (const key of Object.keys(current)) {
      const field = record[key];
      if (typeof field === 'string') record[key] = redactor.text(field);
    }
    const cause = current.cause;
    if (cause instanceof Error) {
      current = cause;
      continue;
    }
    if (cause !== undefined) current.cause = redactor.deep(cause);
    break;
  }
  return error;
}
