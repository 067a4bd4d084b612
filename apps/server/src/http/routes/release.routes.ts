import type { ReleaseService } from '../../services/release.service.js';
import type { OperationRouter } from '../operation-router.js';

export function releaseRoutes(_routes: OperationRouter, _releases: ReleaseService): void {}
