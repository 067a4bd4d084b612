import type { Translation } from '../i18n-types.js';

const series: Translation['series'] = {};

export default series;
