import { XMLParser } from 'fast-xml-parser';

/** What the OPDS tests read of an Atom feed (attributes without prefix, every text as written). */
export interface AtomLink {
  rel: string;
  href: string;
  type?: string;
  [key: string]: string | undefined;
}
export interface AtomEntry {
  title: string;
  id: string;
  link: AtomLink[];
  [key: string]: unknown;
}
export interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
  entry?: AtomEntry[];
  [key: string]: unknown;
}

export const atomParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => ['link', 'entry', 'author', 'Url'].includes(name),
});

/** HTTP Basic as reading apps send it: any user name, an API token (or a password) as the password. */
export const basic = (password: string, user = 'kobo') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
