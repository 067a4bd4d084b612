// The libraries pages' strings (English, the base locale: fr/libraries.ts must have the same keys).
const libraries = {};

export default libraries;
