export type * from './fake-types.js';
export type * from './contract-types.js';
export { startFakeService } from './fake-service.js';
export { runMetadataProviderContract, runReleaseIndexerContract } from './contracts.js';
export { createTestHost } from './test-host.js';
export { gapsBetween, SEND_SLACK_MS } from './timed-fetch.js';
