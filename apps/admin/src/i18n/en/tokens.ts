// The tokens pages' strings (English, the base locale: fr/tokens.ts must have the same keys).
const tokens = {};

export default tokens;
