import type { PluginSettings, SettingField, SettingValue } from '@shelfmark/plugin-sdk';
import { ValidationError, type FieldIssue } from '../domain/errors.js';
import { normaliseSchedule, scheduleProblem } from '../domain/schedule.js';
import type { PluginCallSettings } from '../plugins/plugin-runner.js';
import type { PluginRegistry } from '../plugins/plugin-registry.js';
import type { SettingRepository } from '../repositories/setting.repository.js';
import type { SignInSettings, SignInUpdate, SignInView } from './sign-in-settings.js';

export type UiLanguage = 'en' | 'fr';

export const DEFAULT_RELEASE_CATEGORIES = [7030, 7020];

export interface PluginSettingsState {
  /** Non-secret values the admin set (defaults are not repeated here). */
  values: Record<string, SettingValue>;
  /** Keys of the secret settings that have a value. */
  secretsSet: string[];
}

export interface SettingsView {
  providerLanguage: string;
  uiLanguage: UiLanguage;
  /** Whether a reading app fetching a book's last page through OPDS-PSE marks the book read. */
  opdsPseMarksRead: boolean;
  backupSchedule: string;
  backupKeep: number;
  releaseIndexer: { url: string | null; apiKeySet: boolean; categories: number[] };
  /** Folders watched for arriving books (issue 37; services/import-folders.ts). */
  importFolders: string[];
  plugins: Record<string, PluginSettingsState>;
  signIn: SignInView;
}

export interface SettingsUpdate {
  providerLanguage?: string;
  uiLanguage?: UiLanguage;
  opdsPseMarksRead?: boolean;
  backupSchedule?: string;
  backupKeep?: number;
  releaseIndexer?: { url?: string | null; apiKey?: string | null; categories?: number[] };
  importFolders?: string[];
  plugins?: Record<string, Record<string, SettingValue>>;
  signIn?: SignInUpdate;
}

const PROVIDER_LANGUAGE = 'provider_language';
const UI_LANGUAGE = 'ui_language';
const OPDS_PSE_MARKS_READ = 'opds_pse_marks_read';
const BACKUP_SCHEDULE = 'backup_schedule';
const BACKUP_KEEP = 'backup_keep';
const IMPORT_FOLDERS = 'import_folders';
export const DEFAULT_BACKUP_SCHEDULE = 'daily';
export const DEFAULT_BACKUP_KEEP = 7;

/**
 * The import folders' rule (services/import-folders.ts): the issues that refuse a list, and the canonical path of
 * each folder of a list that passes (the name of its lease).
 */
export type ImportFolderCheck = (folders: readonly string[]) => Promise<{ absolute: string[]; issues: FieldIssue[] }>;

/** Keeps the scheduled backup in line with `backup_schedule` (the backup service). */
export interface BackupScheduling {
  applySchedule(schedule: string): Promise<void>;
}
const pluginKey = (id: string) => `plugin:${id}`;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Why a value does not fit a settings field, or null when it does. */
export function settingProblem(field: SettingField, value: SettingValue): string | null {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' && value.length <= 4096 ? null : 'must be a string';
    case 'url':
      return typeof value === 'string' && isHttpUrl(value) ? null : 'must be an http(s) URL';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'string-list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? null
        : 'must be a list of strings';
    case 'number-list':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item))
        ? null
        : 'must be a list of numbers';
  }
}

/**
 * Global settings (provider language, admin language) and each plugin's settings. Secrets are stored so the plugins
 * can use them, and never leave: reads say only which ones are set.
 */
export class SettingsService implements PluginCallSettings {
  private backupScheduling: BackupScheduling | undefined;
  private importFolderCheck: ImportFolderCheck | undefined;

  constructor(
    private readonly settings: SettingRepository,
    private readonly registry: PluginRegistry,
    readonly signIn: SignInSettings,
  ) {}

  async providerLanguage(): Promise<string> {
    return (await this.settings.get<string>(PROVIDER_LANGUAGE)) ?? 'en';
  }

  async uiLanguage(): Promise<UiLanguage> {
    return (await this.settings.get<UiLanguage>(UI_LANGUAGE)) ?? 'en';
  }

  /** On by default: reaching the last page is how streaming apps (Chunky, Panels) finish a book. */
  async opdsPseMarksRead(): Promise<boolean> {
    return (await this.settings.get<boolean>(OPDS_PSE_MARKS_READ)) ?? true;
  }

  setBackupScheduling(scheduling: BackupScheduling): void {
    this.backupScheduling = scheduling;
  }

  async backupSchedule(): Promise<string> {
    return (await this.settings.get<string>(BACKUP_SCHEDULE)) ?? DEFAULT_BACKUP_SCHEDULE;
  }

  setImportFolderCheck(check: ImportFolderCheck): void {
    this.importFolderCheck = check;
  }

  async importFolders(): Promise<string[]> {
    return (await this.settings.get<string[]>(IMPORT_FOLDERS)) ?? [];
  }

  async backupKeep(): Promise<number> {
    return (await this.settings.get<number>(BACKUP_KEEP)) ?? DEFAULT_BACKUP_KEEP;
  }

  async pluginSettings(pluginId: string): Promise<PluginSettings> {
    return (await this.settings.get<Record<string, SettingValue>>(pluginKey(pluginId))) ?? {};
  }

  /** Whether every required setting of the plugin has a value, stored or default. */
  async isConfigured(pluginId: string): Promise<boolean> {
    const entry = this.registry.get(pluginId);
    if (!entry?.plugin) return false;
    const stored = await this.pluginSettings(pluginId);
    return entry.plugin.manifest.settings
      .filter((field) => field.required)
      .every((field) => hasValue(stored[field.key] ?? field.default ?? null));
  }

  async view(): Promise<SettingsView> {
    const plugins: Record<string, PluginSettingsState> = {};
    for (const entry of this.registry.list()) {
      if (!entry.plugin) continue;
      const stored = await this.pluginSettings(entry.id);
      const secret = new Set(entry.plugin.manifest.settings.filter((f) => f.secret).map((f) => f.key));
      plugins[entry.id] = {
        values: Object.fromEntries(Object.entries(stored).filter(([key]) => !secret.has(key))),
        secretsSet: Object.keys(stored).filter((key) => secret.has(key) && hasValue(stored[key] ?? null)),
      };
    }
    const indexer = this.registry.releaseIndexer();
    const indexerSettings = indexer ? await this.pluginSettings(indexer.id) : {};
    const categories = indexerSettings.categories;
    return {
      providerLanguage: await this.providerLanguage(),
      uiLanguage: await this.uiLanguage(),
      opdsPseMarksRead: await this.opdsPseMarksRead(),
      backupSchedule: await this.backupSchedule(),
      backupKeep: await this.backupKeep(),
      releaseIndexer: {
        url: typeof indexerSettings.url === 'string' ? indexerSettings.url : null,
        apiKeySet: hasValue(indexerSettings.api_key ?? null),
        categories: Array.isArray(categories) ? categories.map(Number) : DEFAULT_RELEASE_CATEGORIES,
      },
      importFolders: await this.importFolders(),
      plugins,
      signIn: await this.signIn.view(),
    };
  }

  /** Checks the whole update first, so a bad value changes nothing. */
  async update(update: SettingsUpdate): Promise<SettingsView> {
    const issues: FieldIssue[] = [];
    const pluginChanges = new Map<string, Record<string, SettingValue>>();
    for (const [pluginId, values] of Object.entries(update.plugins ?? {})) {
      const entry = this.registry.get(pluginId);
      if (!entry?.plugin) {
        issues.push({
          path: `/body/plugins/${pluginId}`,
          message: 'no loaded plugin has this id',
          code: 'unknownPlugin',
        });
        continue;
      }
      for (const [key, value] of Object.entries(values)) {
        const field = entry.plugin.manifest.settings.find((candidate) => candidate.key === key);
        const problem = !field
          ? 'is not a setting of this plugin'
          : value === null
            ? null
            : settingProblem(field, value);
        if (problem)
          issues.push({
            path: `/body/plugins/${pluginId}/${key}`,
            message: problem,
            code: field ? 'setting' : 'additionalProperties',
          });
      }
      pluginChanges.set(pluginId, values);
    }
    if (update.releaseIndexer) {
      const indexer = this.registry.releaseIndexer();
      if (!indexer) {
        issues.push({
          path: '/body/release_indexer',
          message: 'no release indexer plugin is loaded',
          code: 'noReleaseIndexer',
        });
      } else {
        const { url, apiKey, categories } = update.releaseIndexer;
        const values = { ...(pluginChanges.get(indexer.id) ?? {}) };
        if (url !== undefined) {
          if (url !== null && !isHttpUrl(url))
            issues.push({ path: '/body/release_indexer/url', message: 'must be an http(s) URL', code: 'httpUrl' });
          values.url = url;
        }
        if (apiKey !== undefined) values.api_key = apiKey;
        if (categories !== undefined) values.categories = categories;
        pluginChanges.set(indexer.id, values);
      }
    }
    if (update.backupSchedule !== undefined) {
      const problem = scheduleProblem(update.backupSchedule);
      if (problem !== null) issues.push({ path: '/body/backup_schedule', message: problem, code: 'schedule' });
    }
    let importFolderPaths: string[] | undefined;
    if (update.importFolders !== undefined && this.importFolderCheck) {
      const checked = await this.importFolderCheck(update.importFolders);
      issues.push(...checked.issues);
      importFolderPaths = checked.absolute;
    }
    if (update.signIn) issues.push(...(await this.signIn.problems(update.signIn)));
    if (issues.length > 0) {
      throw new ValidationError(
        issues.map((issue) => `${issue.path.replace('/body/', '')} ${issue.message}`).join('; '),
        issues,
      );
    }
    if (update.backupSchedule !== undefined) {
      const schedule = normaliseSchedule(update.backupSchedule);
      await this.settings.put(BACKUP_SCHEDULE, schedule);
      await this.backupScheduling?.applySchedule(schedule);
    }
    if (update.signIn) await this.signIn.apply(update.signIn);
    if (update.backupKeep !== undefined) await this.settings.put(BACKUP_KEEP, update.backupKeep);
    if (update.importFolders !== undefined) {
      if (importFolderPaths === undefined) await this.settings.put(IMPORT_FOLDERS, update.importFolders);
      else await this.settings.putImportFolders(IMPORT_FOLDERS, update.importFolders, importFolderPaths);
    }
    if (update.providerLanguage !== undefined) await this.settings.put(PROVIDER_LANGUAGE, update.providerLanguage);
    if (update.uiLanguage !== undefined) await this.settings.put(UI_LANGUAGE, update.uiLanguage);
    if (update.opdsPseMarksRead !== undefined) await this.settings.put(OPDS_PSE_MARKS_READ, update.opdsPseMarksRead);
    for (const [pluginId, values] of pluginChanges) {
      const stored = { ...(await this.pluginSettings(pluginId)) };
      for (const [key, value] of Object.entries(values)) {
        if (value === null) delete stored[key];
        else stored[key] = value;
      }
      await this.settings.put(pluginKey(pluginId), stored);
    }
    return this.view();
  }
}

function hasValue(value: SettingValue): boolean {
  if (value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
