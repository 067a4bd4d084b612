// Standalone flat config so `eslint .` works inside apps/admin on its own.
// .svelte files are left to svelte-check (`npm run typecheck`); no Svelte ESLint plugin is installed.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['.svelte-kit/', 'build/', 'node_modules/', '.turbo/', '**/*.svelte']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,ts}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
  },
);
