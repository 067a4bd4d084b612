/**
 * Loaded with `node --import` into the child worker. Node strips TypeScript types by itself, but the sources import
 * `./x.js` (NodeNext style) while only `./x.ts` exists: this hook retries such relative imports with `.ts`.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      if (!relative || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -'.js'.length)}.ts`, context);
    }
  },
});
