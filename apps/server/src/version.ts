import { readFileSync } from 'node:fs';

/** The server's package version, reported by /health. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
