import type { Translation } from '../i18n-types.js';

const libraries: Translation['libraries'] = {};

export default libraries;
