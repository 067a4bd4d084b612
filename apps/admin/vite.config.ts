import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';
import { adminCsp } from './scripts/content-security-policy.js';
import { framesWithoutScripts } from './scripts/frames-without-scripts.js';

// SvelteKit 3 takes its configuration here: svelte.config.js is no longer read.
// adapter-node writes build/handler.js, which the Express server mounts as middleware
// for every path outside /api, /opds, /docs and /openapi.yaml.
export default defineConfig({
  plugins: [
    framesWithoutScripts(),
    sveltekit({
      adapter: adapter({ out: 'build', precompress: true }),
      // Relative paths (the default, said out loud: the admin depends on it): the HTML shell loads `../_app/…` and
      // SvelteKit's base path is worked out in the browser from the page's address, so the same build works at the
      // root of a host and under a reverse proxy's sub-path (`/shelfmark/`). src/lib/paths.ts builds every address
      // from it; `paths.base` stays empty (it would fix the prefix at build time).
      paths: { relative: true },
      // The Content-Security-Policy of every page (ADR 17): scripts only from the admin's origin and the inline ones
      // hashed, blob:/data: only where the readers need them.
      csp: adminCsp(new URL('./src/app.html', import.meta.url)),
    }),
  ],
  // Pre-bundling would skip framesWithoutScripts in `npm run dev`.
  optimizeDeps: { exclude: ['foliate-js'] },
  server: {
    // `npm run dev`: forward API and docs calls to a server started separately on :7080
    proxy: {
      '/api': 'http://127.0.0.1:7080',
      '/opds': 'http://127.0.0.1:7080',
      '/epub': 'http://127.0.0.1:7080',
      '/docs': 'http://127.0.0.1:7080',
      '/openapi.yaml': 'http://127.0.0.1:7080',
    },
  },
});
