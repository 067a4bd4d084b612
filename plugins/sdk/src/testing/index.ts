export type * from './fake-types.js';
export type * from './contract-types.js';
export { startFakeService } from './fake-service.js';
export { runMetadataProviderContract, runReleaseIndexerContract } from './contracts.js';
export { createTestHost } from './test-host.js';
