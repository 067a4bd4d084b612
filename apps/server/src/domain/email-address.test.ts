import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, emailAddress } from './email-address.js';

describe('emailAddress', () => {
  it('keeps the address trimmed and keys it lowercased', () => {
    expect(emailAddress('  Alice@Example.ORG ')).toEqual({ email: 'Alice@Example.ORG', key: 'alice@example.org' });
  });

  it.each(['', '   ', 'alice', 'alice@', '@example.org', 'a@b@c', 'al ice@example.org', 'alice@exa\tmple.org'])(
    'refuses %j',
    (raw) => {
      expect(emailAddress(raw)).toBeNull();
    },
  );

  it('takes 254 characters and no more', () => {
    const domain = `@${'d'.repeat(20)}.org`;
    expect(emailAddress(`${'a'.repeat(EMAIL_MAX - domain.length)}${domain}`)).not.toBeNull();
    expect(emailAddress(`${'a'.repeat(EMAIL_MAX + 1 - domain.length)}${domain}`)).toBeNull();
  });
});
