import type { TranslationFunctions } from '../../../i18n/i18n-types.js';

type Fields = TranslationFunctions['metaPages']['capabilities']['fields'];

/** `startYear`, `start_year` → `Start year`: an unknown field still reads as words. */
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A plugin capability as the admin shows it on a chip: `series.description` → "Summary", `volumes.isbn` →
 * "Volumes: ISBN", `volumes` → "Volumes", `language` → "Asks in your language"; an unknown one in plain words.
 */
export function capabilityLabel(capability: string, LL: TranslationFunctions): string {
  const caps = LL.metaPages.capabilities;
  const field = (name: string) => (name in caps.fields ? caps.fields[name as keyof Fields]() : words(name));
  if (capability === 'volumes') return caps.volumes();
  if (capability === 'language') return caps.language();
  if (capability === 'search') return caps.search();
  if (capability === 'test_connection') return caps.test_connection();
  if (capability.startsWith('series.')) return field(capability.slice('series.'.length));
  if (capability.startsWith('volumes.')) return caps.volumeField({ field: field(capability.slice('volumes.'.length)) });
  return words(capability);
}
