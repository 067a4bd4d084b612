import type { Translation } from '../i18n-types.js';

const jobs: Translation['jobs'] = {};

export default jobs;
