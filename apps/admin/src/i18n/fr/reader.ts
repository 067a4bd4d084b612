import type { Translation } from '../i18n-types.js';

const reader: Translation['reader'] = {};

export default reader;
