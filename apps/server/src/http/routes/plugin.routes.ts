import type { SettingValue } from '@shelfmark/plugin-sdk';
import type { PluginService } from '../../services/plugin.service.js';
import type { SettingsService } from '../../services/settings.service.js';
import { pluginInfoDto, settingsDto } from '../dto.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function pluginRoutes(routes: OperationRouter, plugins: PluginService, settings: SettingsService): void {
  routes.handle('listPlugins', async (_req, res) => {
    res.json({ items: (await plugins.list()).map(pluginInfoDto) });
  });

  routes.handle('getSettings', async (_req, res) => {
    res.json(settingsDto(await settings.view()));
  });

  routes.handle('updateSettings', async (req, res) => {
    const body = bodyOf(req, 'updateSettings');
    const indexer = body.release_indexer;
    const view = await settings.update({
      providerLanguage: body.provider_language,
      uiLanguage: body.ui_language,
      opdsPseMarksRead: body.opds_pse_marks_read,
      releaseIndexer: indexer && { url: indexer.url, apiKey: indexer.api_key, categories: indexer.categories },
      // The contract takes any JSON values here; SettingsService checks each against its plugin field's type.
      plugins: body.plugins as Record<string, Record<string, SettingValue>> | undefined,
    });
    res.json(settingsDto(view));
  });
}
