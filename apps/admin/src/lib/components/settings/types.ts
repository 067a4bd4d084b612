import type { trpc } from '../../trpc.js';

/** The settings as the server gives them (secrets never in it: `api_key_set`, `secrets_set` say which are set). */
export type Settings = Awaited<ReturnType<typeof trpc.settings.get.query>>;
/** The body of a settings change (PATCH /settings). */
export type SettingsUpdate = Parameters<typeof trpc.settings.update.mutate>[0]['body'];
export type PluginInfo = Awaited<ReturnType<typeof trpc.plugins.list.query>>['items'][number];
export type PluginSettingField = PluginInfo['settings_schema'][number];
export type PluginSettingValue = PluginSettingField['default'];
export type PluginSettingsState = Settings['plugins'][string];
export type StatusMapping = Awaited<ReturnType<typeof trpc.statusMappings.list.query>>['items'][number];
export type NormalisedStatus = NonNullable<StatusMapping['mapped_status']>;
export type ConnectionTest = Awaited<ReturnType<typeof trpc.releases.test.mutate>>;

/** The five normalised series statuses of the contract (NormalisedSeriesStatus), in the order they are offered. */
export const NORMALISED_STATUSES: readonly NormalisedStatus[] = ['ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming'];

/** The tabs of the page, by id, as `?tab=` holds them: links elsewhere ("set the key in Settings → Plugins") use them. */
export const SETTINGS_TABS = [
  'general',
  'languages',
  'status-mappings',
  'plugins',
  'release-indexer',
  'backups',
  'sign-in',
  'about',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab a settings address opens: `?tab=`, else an older `#anchor` (`#language` → languages), else General. */
export function settingsTabOf(url: URL): SettingsTab {
  const asked = url.searchParams.get('tab') ?? url.hash.slice(1);
  const alias = asked === 'language' ? 'languages' : asked;
  return (SETTINGS_TABS as readonly string[]).includes(alias) ? (alias as SettingsTab) : 'general';
}
