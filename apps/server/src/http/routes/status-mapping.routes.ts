import type { StatusMappingService } from '../../services/status-mapping.service.js';
import type { OperationRouter } from '../operation-router.js';

export function statusMappingRoutes(_routes: OperationRouter, _mappings: StatusMappingService): void {}
