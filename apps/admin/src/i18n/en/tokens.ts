// The tokens pages' strings (English, the base locale: fr/tokens.ts must have the same keys).
const tokens = {
  title: 'API tokens',
  intro:
    'Tokens let reading apps and scripts use Shelfmark without your password. Revoke one and it stops working at once.',
  create: {
    title: 'New token',
    name: 'Name',
    nameHint: 'Where it will be used, e.g. "KOReader on the e-reader".',
    scope: 'Access',
    expires: 'Expires on (optional)',
    expiresHint: 'Leave empty for a token that never expires.',
    submit: 'Create the token',
    working: 'Creating…',
  },
  scopes: {
    read: 'Read: browse, download and save reading progress',
    admin: 'Admin: everything, including settings and tokens',
  },
  scopeShort: { read: 'Read', admin: 'Admin' },
  secret: {
    title: 'Token “{name:string}” created',
    once: 'Copy it now: it is shown only this once. Only a fingerprint of it is kept.',
    label: 'The new token',
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    selected: 'Selected: press Ctrl+C (⌘C on a Mac) to copy.',
    done: 'I have copied it',
  },
  list: {
    title: 'Your tokens',
    empty: 'No token yet.',
    name: 'Name',
    scope: 'Access',
    prefix: 'Starts with',
    created: 'Created',
    lastUsed: 'Last used',
    expires: 'Expires',
    never: 'Never',
    neverUsed: 'Not used yet',
    expired: 'Expired {date:string}',
    revoke: 'Revoke',
    revokeNamed: 'Revoke {name:string}',
  },
  revoke: {
    question: 'Revoke “{name:string}”? Every app using it is signed out at once; this cannot be undone.',
    confirm: 'Yes, revoke it',
    cancel: 'Keep it',
    working: 'Revoking…',
    done: 'Token “{name:string}” revoked.',
  },
  opds: {
    title: 'Reading apps (OPDS)',
    intro: 'Add this catalogue address in your reading app:',
    v1: 'KOReader, Panels, Chunky and most apps (OPDS 1.2)',
    v2: 'Thorium and other OPDS 2.0 apps',
    hint: 'When the app asks for a login, type any user name and a token as the password (a read token is enough).',
    copy: 'Copy the address',
  },
};

export default tokens;
