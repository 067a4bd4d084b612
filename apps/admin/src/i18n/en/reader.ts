// The reader pages' strings (English, the base locale: fr/reader.ts must have the same keys).
const reader = {};

export default reader;
