import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

// SvelteKit 3 takes its configuration here: svelte.config.js is no longer read.
// adapter-node writes build/handler.js, which the Express server mounts as middleware
// for every path outside /api, /opds, /docs and /openapi.yaml.
export default defineConfig({
  plugins: [
    sveltekit({
      adapter: adapter({ out: 'build', precompress: true }),
    }),
  ],
  server: {
    // `npm run dev`: forward API and docs calls to a server started separately on :7080
    proxy: {
      '/api': 'http://127.0.0.1:7080',
      '/opds': 'http://127.0.0.1:7080',
      '/docs': 'http://127.0.0.1:7080',
      '/openapi.yaml': 'http://127.0.0.1:7080',
    },
  },
});
