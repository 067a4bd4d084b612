/**
 * Removes a secret from a value Prowlarr hands back. Query parameters carrying it are dropped whole (the rest of the
 * query string is kept byte for byte, since Prowlarr's `link` parameter is an opaque encrypted blob); anywhere else it
 * is replaced, because a value that still holds the key must not leave the plugin.
 */
export function redactSecret(value: string | null, secret: string): string | null {
  if (value === null || secret === '' || !value.includes(secret)) return value;
  return withoutSecretParameters(value, secret).replaceAll(secret, '[redacted]');
}

function withoutSecretParameters(value: string, secret: string): string {
  const queryStart = value.indexOf('?');
  if (queryStart < 0) return value;
  const fragmentStart = value.indexOf('#', queryStart);
  const queryEnd = fragmentStart < 0 ? value.length : fragmentStart;
  const kept = value
    .slice(queryStart + 1, queryEnd)
    .split('&')
    .filter((pair) => parameterValue(pair) !== secret);
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return value.slice(0, queryStart) + query + value.slice(queryEnd);
}

function parameterValue(pair: string): string {
  const equals = pair.indexOf('=');
  const raw = equals < 0 ? '' : pair.slice(equals + 1);
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}
