import type { Translation } from '../i18n-types.js';

const books: Translation['books'] = {};

export default books;
