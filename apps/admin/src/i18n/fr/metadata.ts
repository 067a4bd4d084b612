import type { Translation } from '../i18n-types.js';

const metadata: Translation['metadata'] = {};

export default metadata;
