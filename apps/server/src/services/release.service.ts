import type { PluginRunner } from '../plugins/plugin-runner.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { SettingsService } from './settings.service.js';

/** Release search through the configured release indexer (Prowlarr). (Being written.) */
export class ReleaseService {
  constructor(
    private readonly runner: PluginRunner,
    private readonly releases: ReleaseRepository,
    private readonly settings: SettingsService,
  ) {}
}
