import type { PluginService } from '../../services/plugin.service.js';
import type { SettingsService } from '../../services/settings.service.js';
import { callerLanguages } from '../caller-languages.js';
import { pluginInfoDto, settingsDto } from '../dto.js';
import { settingsUpdate } from '../request-inputs.js';
import { bodyOf, type OperationRouter } from '../operation-router.js';

export function pluginRoutes(routes: OperationRouter, plugins: PluginService, settings: SettingsService): void {
  routes.handle('listPlugins', async (req, res) => {
    const languages = callerLanguages(req);
    res.json({ items: (await plugins.list()).map((view) => pluginInfoDto(view, languages)) });
  });

  routes.handle('getSettings', async (_req, res) => {
    res.json(settingsDto(await settings.view()));
  });

  routes.handle('updateSettings', async (req, res) => {
    const body = bodyOf(req, 'updateSettings');
    const view = await settings.update(settingsUpdate(body));
    res.json(settingsDto(view));
  });
}
