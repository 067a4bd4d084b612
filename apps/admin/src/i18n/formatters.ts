import type { FormattersInitializer } from 'typesafe-i18n';
import type { Locales, Formatters } from './i18n-types.js';

// No custom formatters yet: numbers and dates are formatted with Intl in the pages, per locale.
export const initFormatters: FormattersInitializer<Locales, Formatters> = () => {
  const formatters: Formatters = {};
  return formatters;
};
