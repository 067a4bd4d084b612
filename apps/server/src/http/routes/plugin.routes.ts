import type { SettingValue } from '@shelfmark/plugin-sdk';
import type { PluginService } from '../../services/plugin.service.js';
import type { SettingsService, UiLanguage } from '../../services/settings.service.js';
import { pluginInfoDto, settingsDto } from '../dto.js';
import type { OperationRouter } from '../operation-router.js';

interface SettingsUpdateBody {
  provider_language?: string;
  ui_language?: UiLanguage;
  opds_pse_marks_read?: boolean;
  release_indexer?: { url?: string | null; api_key?: string | null; categories?: number[] };
  plugins?: Record<string, Record<string, SettingValue>>;
}

export function pluginRoutes(routes: OperationRouter, plugins: PluginService, settings: SettingsService): void {
  routes.handle('listPlugins', async (_req, res) => {
    res.json({ items: (await plugins.list()).map(pluginInfoDto) });
  });

  routes.handle('getSettings', async (_req, res) => {
    res.json(settingsDto(await settings.view()));
  });

  routes.handle('updateSettings', async (req, res) => {
    const body = req.body as SettingsUpdateBody;
    const indexer = body.release_indexer;
    const view = await settings.update({
      providerLanguage: body.provider_language,
      uiLanguage: body.ui_language,
      opdsPseMarksRead: body.opds_pse_marks_read,
      releaseIndexer: indexer && { url: indexer.url, apiKey: indexer.api_key, categories: indexer.categories },
      plugins: body.plugins,
    });
    res.json(settingsDto(view));
  });
}
