/**
 * The widget's main bundle: `src/app.ts` and its lazy step chunks, content-hashed, with a manifest the
 * loader build reads (vite.loader.config.ts) and the server serves immutable. The stylesheet travels inside
 * the entry chunk as text (adopted in each shadow root), so there is no CSS file and no <link> to inject.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { shadowCssPlugin } from './shadow-css';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [tailwindcss(), shadowCssPlugin()],
  oxc: { jsx: { runtime: 'automatic' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No <link rel=modulepreload> injected into the host page's head.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      input: { app: path.join(root, 'src/app.ts') },
      preserveEntrySignatures: 'strict',
      // The contracts build their zod schemas at module level; unused ones must not pull zod into step 1.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // zod in a chunk of its own, so src/no-eval.ts can configure it before any contracts schema is built
        // (with zod and lead.ts in one chunk, the schemas would be built before the configuration runs).
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Everything step 1 imports statically (React, the store, the wizard shell) in one chunk beside
            // the entry: two parallel requests instead of nine, well inside a browser's six connections per
            // host on HTTP/1.1. The lazy steps import their shared code from it.
            { name: 'core', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
