/**
 * A user's e-mail address (issue 38): kept as given, trimmed; compared lowercased, the key two accounts may not
 * share and a provider's verified e-mail is matched on. Only the shape is checked (one `@` with something either
 * side, no spaces, at most 254 characters): whether it is delivered is the provider's business, not ours.
 */
export const EMAIL_MAX = 254;

export interface EmailAddress {
  email: string;
  key: string;
}

/** The address and its key, or null when `raw` is not an address of that shape. */
export function emailAddress(raw: string): EmailAddress | null {
  const email = raw.trim();
  if (email.length === 0 || email.length > EMAIL_MAX) return null;
  if (!/^[^\s@]+@[^\s@]+$/u.test(email) || /\p{Cc}/u.test(email)) return null;
  return { email, key: email.toLowerCase() };
}
