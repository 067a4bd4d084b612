/** Response body of `GET /api/v1/auth/status`. */
export interface AuthStatus {
  setup_required: boolean;
  authenticated: boolean;
}

export type AuthView = 'setup' | 'signed-in' | 'sign-in';

function isAuthStatus(value: unknown): value is AuthStatus {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.setup_required === 'boolean' && typeof record.authenticated === 'boolean';
}

/** Which screen to show for a given status. Setup takes precedence over everything else. */
export function viewFor(status: AuthStatus): AuthView {
  if (status.setup_required) return 'setup';
  return status.authenticated ? 'signed-in' : 'sign-in';
}

/** Fetches the authentication status; `fetchFn` lets callers pass SvelteKit's or a test's fetch. */
export async function fetchAuthStatus(fetchFn: typeof fetch = fetch): Promise<AuthStatus> {
  const response = await fetchFn('/api/v1/auth/status', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new Error(`GET /api/v1/auth/status answered ${response.status}`);
  }
  const body: unknown = await response.json();
  if (!isAuthStatus(body)) {
    throw new Error('GET /api/v1/auth/status returned an unexpected body');
  }
  return body;
}
