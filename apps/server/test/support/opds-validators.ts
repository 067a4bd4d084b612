import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';

const run = promisify(execFile);
const schemas = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/opds-schemas');
const PSE_STREAM = 'http://vaemendis.net/opds-pse/stream';

/**
 * OPDS 1.2 documents validated with jing against the RELAX NG grammar (one JVM for a whole batch), plus the
 * check the grammar cannot make: a href holds braces only in a page-streaming link (a URI template).
 */
export async function validateAtom(documents: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'link' || name === 'entry',
  });
  for (const [name, xml] of documents) {
    const feed = parser.parse(xml).feed as { link?: Link[]; entry?: { link?: Link[] }[] } | undefined;
    const links = [...(feed?.link ?? []), ...(feed?.entry ?? []).flatMap((entry) => entry.link ?? [])];
    for (const link of links) {
      if (/[{}]/.test(link.href) && link.rel !== PSE_STREAM)
        problems.push(`${name}: braces in ${link.rel} ${link.href}`);
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'opds-v1-'));
  try {
    const files: string[] = [];
    let i = 0;
    for (const [, xml] of documents) {
      const file = path.join(dir, `${String(i++).padStart(4, '0')}.xml`);
      await writeFile(file, xml);
      files.push(file);
    }
    const names = [...documents.keys()];
    try {
      await run('jing', ['-c', path.join(schemas, 'opds-1.2-pse.rnc'), ...files], { maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const output = String((error as { stdout?: string }).stdout ?? error);
      for (const line of output.split('\n').filter((l) => l.includes('error'))) {
        const index = Number(/(\d{4})\.xml/.exec(line)?.[1]);
        problems.push(`${names[index] ?? '?'}: ${line.replace(dir, '')}`);
      }
      if (problems.length === 0) throw error;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return problems;
}

interface Link {
  rel?: string;
  href: string;
}

let compiled:
  Promise<{ feed: ValidateFunction; authentication: ValidateFunction; publication: ValidateFunction }> | undefined;

async function loadSchemas() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const folder of ['opds2', 'webpub', 'webpub/extensions/encryption', 'webpub/extensions/epub']) {
    for (const file of await readdir(path.join(schemas, folder))) {
      if (!file.endsWith('.json')) continue;
      ajv.addSchema(JSON.parse(await readFile(path.join(schemas, folder, file), 'utf8')));
    }
  }
  const get = (id: string) => {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`schema ${id} not loaded`);
    return validate;
  };
  return {
    feed: get('https://drafts.opds.io/schema/feed.schema.json'),
    authentication: get('https://drafts.opds.io/schema/authentication.schema.json'),
    publication: get('https://drafts.opds.io/schema/publication.schema.json'),
  };
}

/** OPDS 2.0 documents validated with ajv against the OPDS 2.0 and Readium Web Publication JSON schemas. */
export async function validateOpds2(
  documents: Map<string, unknown>,
  kind: 'feed' | 'authentication' = 'feed',
): Promise<string[]> {
  compiled ??= loadSchemas();
  const validate = (await compiled)[kind];
  const problems: string[] = [];
  for (const [name, document] of documents) {
    if (!validate(document)) {
      for (const error of validate.errors ?? []) problems.push(`${name}: ${error.instancePath} ${error.message}`);
    }
  }
  return problems;
}
