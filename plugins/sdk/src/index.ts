export * from './types.js';
export * from './errors.js';
export { definePlugin } from './define-plugin.js';
export type * from './host-types.js';
export { PluginHost } from './host.js';
export { seriesNameFromVolumeTitle, volumeNumberFromTitle } from './text.js';
export { pluginTextProblem, textIn } from './plugin-text.js';
