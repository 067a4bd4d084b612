// Writes apps/server/src/contract/openapi-types.ts from openapi.yaml; with --check, fails when the committed file
// differs from what openapi.yaml gives (a contract change the types missed).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const target = path.join(repo, 'apps/server/src/contract/openapi-types.ts');
const header = '// Generated from openapi.yaml by tools/contract-types (npm run contract:types). Do not edit.\n';

const ast = await openapiTS(pathToFileURL(path.join(repo, 'openapi.yaml')));
const generated = `${header}${astToString(ast)}`;
if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(`${path.relative(repo, target)} is out of date with openapi.yaml: run npm run contract:types`);
    process.exit(1);
  }
  console.log(`${path.relative(repo, target)} matches openapi.yaml`);
} else {
  await writeFile(target, generated);
  console.log(`wrote ${path.relative(repo, target)}`);
}
