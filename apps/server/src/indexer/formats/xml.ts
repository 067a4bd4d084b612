import { XMLParser } from 'fast-xml-parser';

import { MAX_XML_DEPTH } from './limits.js';

/**
 * Decodes XML bytes: UTF-8 by default, UTF-16 when a byte order mark says so (some Windows taggers write
 * ComicInfo.xml that way), or a single-byte encoding named in the declaration. Byte order marks are dropped.
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(
    Buffer.from(bytes.subarray(0, 200)).toString('latin1'),
  )?.[1];
  let label = 'utf-8';
  if (declared !== undefined && !/^utf-?(8|16)$/i.test(declared)) {
    try {
      label = new TextDecoder(declared).encoding;
    } catch {
      // Unknown label: UTF-8 is the XML default and the best guess.
    }
  }
  return new TextDecoder(label).decode(bytes).replace(/^\ufeff/, '');
}

/**
 * Parses untrusted XML into plain objects. Namespace prefixes are dropped (OPF files disagree on them), values stay
 * strings, and the parser's own limits bound nesting depth and entity expansion (billion laughs); the caller bounds
 * the input size. Elements named in `arrays` always come back as arrays.
 */
export function parseXml(text: string, arrays: ReadonlySet<string>): Record<string, unknown> {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: MAX_XML_DEPTH,
    processEntities: {
      enabled: true,
      maxEntityCount: 32,
      maxEntitySize: 1024,
      maxTotalExpansions: 1_000_000,
      maxExpandedLength: 1_000_000,
    },
    // Character references (&#233;, &#x2019;) are XML and taggers write them; fast-xml-parser decodes them only with
    // its HTML entities, which also give the common named ones (&eacute;, &nbsp;) sloppy OPF files hold.
    htmlEntities: true,
    isArray: (name) => arrays.has(name),
  });
  const result: unknown = parser.parse(text);
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
}

export type XmlNode = Record<string, unknown>;

export function asNode(value: unknown): XmlNode | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element, whether it came back as a bare string or as an object with attributes. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const node = asNode(value);
  return node ? textOf(node['#text']) : undefined;
}

export function attributeOf(value: unknown, name: string): string | undefined {
  const attribute = asNode(value)?.[`@_${name}`];
  return typeof attribute === 'string' ? attribute : undefined;
}

/** A child element looked up without regard to case, for formats whose writers are sloppy about it (ComicInfo). */
export function childIgnoringCase(node: XmlNode | undefined, name: string): unknown {
  if (!node) return undefined;
  const wanted = name.toLowerCase();
  const key = Object.keys(node).find((candidate) => candidate.toLowerCase() === wanted);
  return key === undefined ? undefined : node[key];
}
