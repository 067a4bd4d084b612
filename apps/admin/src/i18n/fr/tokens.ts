import type { Translation } from '../i18n-types.js';

const tokens: Translation['tokens'] = {};

export default tokens;
