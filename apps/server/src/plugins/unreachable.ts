/** Network codes that say the service cannot be reached at all, as opposed to answering with an error. */
const UNREACHABLE_CODES: Record<string, string> = {
  ENOTFOUND: 'its name does not resolve (DNS)',
  EAI_AGAIN: 'its name does not resolve (DNS)',
  ECONNREFUSED: 'the connection was refused',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ENETDOWN: 'the network is down',
  ETIMEDOUT: 'it did not answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'it did not answer in time',
};

/**
 * Why a failed provider call means the provider is plainly unreachable (DNS failure, connection refused, timeout),
 * read from the error's cause chain (the SDK keeps the network error as the cause); null for any other failure (an
 * HTTP error status, a bad answer, refused credentials), which says nothing about the next call.
 */
export function unreachableReason(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in UNREACHABLE_CODES) return `${UNREACHABLE_CODES[code]} (${code})`;
    current = current.cause;
  }
  return null;
}
