import type { PluginEntry, PluginRegistry } from '../plugins/plugin-registry.js';
import type { SettingsService } from './settings.service.js';

export interface PluginView {
  entry: PluginEntry;
  configured: boolean;
}

/** What the admin sees of the plugins: loaded or failed, configured or not, last error. */
export class PluginService {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<PluginView[]> {
    const views: PluginView[] = [];
    for (const entry of this.registry.list()) {
      views.push({ entry, configured: entry.plugin !== null && (await this.settings.isConfigured(entry.id)) });
    }
    return views;
  }
}
