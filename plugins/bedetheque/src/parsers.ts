/**
 * The page parsers, loaded on the plugin's first request rather than when the server loads the plugin: cheerio brings
 * parse5, htmlparser2 and undici, ~8 MB of the server's heap for as long as it runs, and a server whose admin never
 * asks Bédéthèque anything needs none of it. The first request waits for the import (tens of milliseconds) beside a
 * page that takes a second or more to arrive.
 */
import type * as Map from './map.js';

let loading: Promise<typeof Map> | undefined;

export function pageParsers(): Promise<typeof Map> {
  loading ??= import('./map.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
