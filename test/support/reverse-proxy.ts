import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { waitUntil } from './e2e-harness.js';
import { cleanEnv, freePort, REPO_ROOT, scratchDir } from './server-process.js';

/**
 * Real reverse proxies in front of the built server, configured with the README's own snippets ("Behind a reverse
 * proxy"): nginx and Caddy from the system's packages (`apt-get install -y nginx caddy`, done by .ci/run when
 * missing), never downloaded. Each runs in the foreground as a child process with its own prefix, pid, logs and
 * temporary files in a scratch folder, on a free port of 127.0.0.1. Only what cannot run in a test is changed, and
 * mechanically: the listening address (a free port, plain HTTP: no TLS lines), and Shelfmark's port.
 */

/** The README's proxy snippets, as the section shows them. */
export interface ProxySnippets {
  /** Caddy at the root of a host. */
  caddyRoot: string;
  /** Caddy under `/shelfmark`. */
  caddySubPath: string;
  /** nginx, both locations in one server block. */
  nginx: string;
}

/** The address Shelfmark listens on in the snippets, replaced by the test server's. */
const DOCUMENTED_UPSTREAM = '127.0.0.1:7080';
/** The sub-path the snippets serve Shelfmark at. */
export const PROXY_PREFIX = '/shelfmark';

/** The fenced `caddy` and `nginx` blocks of README.md's "Behind a reverse proxy" section. */
export async function readmeProxySnippets(): Promise<ProxySnippets> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Behind a reverse proxy\n');
  if (start < 0) throw new Error('README.md has no "Behind a reverse proxy" section');
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const blocks = [...section.matchAll(/^```(caddy|nginx)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1]!,
    code: match[2]!,
  }));
  const caddy = blocks.filter((block) => block.lang === 'caddy').map((block) => block.code);
  const nginx = blocks.filter((block) => block.lang === 'nginx').map((block) => block.code);
  const caddySubPath = caddy.filter((code) => code.includes('handle_path'));
  const caddyRoot = caddy.filter((code) => !code.includes('handle_path'));
  if (caddyRoot.length !== 1 || caddySubPath.length !== 1 || nginx.length !== 1) {
    throw new Error(
      `expected one Caddy block for a host, one for a sub-path and one nginx block in the README's proxy section; found ${caddyRoot.length}, ${caddySubPath.length} and ${nginx.length}`,
    );
  }
  for (const code of [...caddy, ...nginx]) {
    if (!code.includes(DOCUMENTED_UPSTREAM)) throw new Error(`a proxy snippet does not name ${DOCUMENTED_UPSTREAM}`);
  }
  return { caddyRoot: caddyRoot[0]!, caddySubPath: caddySubPath[0]!, nginx: nginx[0]! };
}

/** The README's forward-authentication blocks (fenced as `nginx authelia` and `caddy authentik`). */
export interface ForwardAuthSnippets {
  autheliaNginx: string;
  authentikCaddy: string;
}

/** Where the snippets reach the identity provider's forward-auth endpoint; replaced by the test's stand-in. */
export const DOCUMENTED_AUTHELIA = '127.0.0.1:9091';
export const DOCUMENTED_AUTHENTIK = '127.0.0.1:9000';

export async function readmeForwardAuthSnippets(): Promise<ForwardAuthSnippets> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Behind a reverse proxy\n');
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const block = (info: string) => {
    const found = [...section.matchAll(new RegExp(`^\`\`\`${info}\n([\\s\\S]*?)^\`\`\`$`, 'gm'))];
    if (found.length !== 1) throw new Error(`expected one \`\`\`${info} block in the README's proxy section`);
    return found[0]![1]!;
  };
  return { autheliaNginx: block('nginx authelia'), authentikCaddy: block('caddy authentik') };
}

/** The first executable of `candidates` (absolute paths, then names looked up on PATH and the sbin folders). */
export function findExecutable(...candidates: string[]): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin', '/usr/local/bin'];
  for (const candidate of candidates) {
    const paths = path.isAbsolute(candidate) ? [candidate] : folders.map((folder) => path.join(folder, candidate));
    for (const file of paths) {
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not there
      }
    }
  }
  return undefined;
}

export const NGINX_BINARY = findExecutable('nginx');
export const CADDY_BINARY = findExecutable('caddy');

export interface RunningProxy {
  name: string;
  /** `http://127.0.0.1:<port>` for each site the configuration serves, in the order asked. */
  urls: string[];
  /** The configuration file as written (for a failure's message). */
  config: string;
  /** What the proxy printed and logged so far. */
  output(): Promise<string>;
  /** SIGTERM (then SIGKILL), and its scratch folder removed. */
  stop(): Promise<void>;
}

/** The nginx snippet on `port` (plain HTTP), proxying to `upstreamPort`. */
export function adaptNginx(snippet: string, port: number, upstreamPort: number): string {
  if (!/^\s*listen 443 ssl;$/m.test(snippet)) throw new Error('the nginx snippet has no `listen 443 ssl;` line');
  return snippet
    .replace(/^(\s*)listen 443 ssl;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^\s*#?\s*ssl_certificate.*\n/gm, '')
    .replaceAll(DOCUMENTED_UPSTREAM, `127.0.0.1:${upstreamPort}`);
}

/** A Caddy snippet with its site address replaced by `http://127.0.0.1:<port>`, proxying to `upstreamPort`. */
export function adaptCaddy(snippet: string, port: number, upstreamPort: number): string {
  if (!/^[a-z0-9.-]+ \{$/m.test(snippet)) throw new Error('a Caddy snippet does not start with a site address');
  return snippet
    .replace(/^[a-z0-9.-]+ \{$/m, `http://127.0.0.1:${port} {`)
    .replaceAll(DOCUMENTED_UPSTREAM, `127.0.0.1:${upstreamPort}`);
}

/** nginx in the foreground (one process, no daemon), with the README's server block inside a minimal `http {}`. */
export async function startNginx(snippets: ProxySnippets, upstreamPort: number): Promise<RunningProxy> {
  return startNginxServer((port) => adaptNginx(snippets.nginx, port, upstreamPort));
}

/** nginx in the foreground with one server block, written for the free port it is given. */
export async function startNginxServer(serverBlock: (port: number) => string): Promise<RunningProxy> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const scratch = await scratchDir('shelfmark-nginx-');
  const port = await freePort();
  const dir = scratch.dir;
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  const config = `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events {
    worker_connections 256;
}
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

${serverBlock(port)}
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child = spawn(NGINX_BINARY, ['-p', `${dir}/`, '-c', file, '-e', path.join(dir, 'error.log')], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProxy('nginx', child, [port], config, scratch, [path.join(dir, 'error.log')]);
}

/** Caddy in the foreground (`caddy run`), both README blocks in one Caddyfile: one port each. */
export async function startCaddy(snippets: ProxySnippets, upstreamPort: number): Promise<RunningProxy> {
  return startCaddySites([
    (port) => adaptCaddy(snippets.caddyRoot, port, upstreamPort),
    (port) => adaptCaddy(snippets.caddySubPath, port, upstreamPort),
  ]);
}

/** Caddy in the foreground with these sites, each written for the free port it is given. */
export async function startCaddySites(sites: ((port: number) => string)[]): Promise<RunningProxy> {
  if (!CADDY_BINARY) throw new Error('caddy is not installed (apt-get install -y caddy)');
  const scratch = await scratchDir('shelfmark-caddy-');
  const ports: number[] = [];
  for (const _site of sites) ports.push(await freePort());
  const dir = scratch.dir;
  // No admin endpoint (port 2019 may be taken, and nothing reloads this one), no certificates.
  const config = `{
	admin off
	auto_https off
}

${sites.map((site, index) => site(ports[index]!)).join('\n')}`;
  const file = path.join(dir, 'Caddyfile');
  await writeFile(file, config);
  const child = spawn(CADDY_BINARY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    cwd: dir,
    // Caddy keeps its data and autosaved configuration under these: the scratch folder, not the user's.
    env: cleanEnv({ HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProxy('caddy', child, ports, config, scratch, []);
}

/** Waits until every port answers HTTP; on failure the proxy is stopped and the error carries what it printed. */
async function watchProxy(
  name: string,
  child: ChildProcess,
  ports: number[],
  config: string,
  scratch: { dir: string; remove(): Promise<void> },
  logFiles: string[],
): Promise<RunningProxy> {
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      printed += `${error.message}\n`;
      exited = true;
      resolve();
    });
    child.once('close', () => {
      exited = true;
      resolve();
    });
  });
  const output = async () => {
    const logs = await Promise.all(logFiles.map((file) => readFile(file, 'utf8').catch(() => '')));
    return [printed, ...logs].filter((text) => text !== '').join('\n');
  };
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL');
    }, 5_000);
    await exit;
    clearTimeout(timer);
    await scratch.remove();
  };
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    for (const url of urls) {
      await waitUntil(
        `${name} to answer at ${url}`,
        async () => {
          if (exited) throw new Error(`${name} exited`);
          return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) }).then(
            () => true,
            () => undefined,
          );
        },
        15_000,
        100,
      );
    }
  } catch (error) {
    const text = await output();
    await stop();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- ${name} output ---\n${text}\n--- configuration ---\n${config}`,
      { cause: error },
    );
  }
  return { name, urls, config, output, stop };
}
