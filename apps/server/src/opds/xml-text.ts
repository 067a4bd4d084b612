/**
 * Characters XML 1.0 cannot carry at all (C0 controls but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF) are
 * dropped from every text and attribute of a feed: a document with one of them is not XML, and a reading app
 * rejects the whole feed, not just the entry.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}
