import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// Types only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Library = Outputs['libraries']['list']['items'][number];
export type Folder = Outputs['folders']['list'][number];
export type Job = Outputs['libraries']['scan'];
export type PluginInfo = Outputs['plugins']['list']['items'][number];
/** From the request schema: the DTO's field carries the ORM's brand, which does not index a dictionary. */
export type RefreshMode = NonNullable<Inputs['libraries']['create']['body']['metadata_refresh_mode']>;

export const REFRESH_MODES: readonly RefreshMode[] = ['manual', 'hourly', 'daily', 'weekly'];
export type WatchSetting = NonNullable<Inputs['libraries']['create']['body']['watch']>;
export const WATCH_SETTINGS: readonly WatchSetting[] = ['auto', 'events', 'polling', 'off'];
export type WatchMode = 'events' | 'polling' | 'off';
export type ReadingDirection = NonNullable<Inputs['libraries']['create']['body']['default_reading_direction']>;
export const READING_DIRECTIONS: readonly ReadingDirection[] = ['ltr', 'rtl', 'vertical', 'webtoon'];
export type ImportMode = NonNullable<Inputs['libraries']['create']['body']['import_mode']>;
export const IMPORT_MODES: readonly ImportMode[] = ['off', 'hardlink', 'copy', 'move'];
export type NamingExample = Outputs['libraries']['previewNaming']['examples'][number];
/** The server's default naming template (openapi.yaml `LibraryCreate`), shown in a new library's form. */
export const DEFAULT_NAMING_TEMPLATE = '{series}/{series} - T{volume:02}{ - title}.{ext}';
/** The provider id that means "no metadata provider" (the server's default). */
export const NO_PROVIDER = 'none';
export const TERMINAL_STATUSES: readonly Job['status'][] = [
  'succeeded',
  'completed_with_errors',
  'failed',
  'cancelled',
];
