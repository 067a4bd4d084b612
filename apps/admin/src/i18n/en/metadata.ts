// The metadata pages' strings (English, the base locale: fr/metadata.ts must have the same keys).
const metadata = {};

export default metadata;
