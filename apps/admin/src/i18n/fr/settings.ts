import type { Translation } from '../i18n-types.js';

const settings: Translation['settings'] = {};

export default settings;
