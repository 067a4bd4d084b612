// The settings pages' strings (English, the base locale: fr/settings.ts must have the same keys).
const settings = {};

export default settings;
