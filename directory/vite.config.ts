/**
 * One config, two builds: `vite build` bundles the browser entry into dist/client (hashed files and a
 * manifest the server reads), `vite build --ssr` bundles the server entry into dist/server.
 * In development the Express server runs Vite in middleware mode with this same file.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  appType: 'custom',
  plugins: [react(), tailwindcss()],
  // The contracts package ships TypeScript source; bundle it into the server build rather than import it at run time.
  ssr: { noExternal: ['@moveratlas/contracts'] },
  build: isSsrBuild
    ? {
        outDir: path.join(root, 'dist/server'),
        emptyOutDir: true,
        rolldownOptions: { input: path.join(root, 'src/app/entry-server.tsx') },
      }
    : {
        outDir: path.join(root, 'dist/client'),
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: path.join(root, 'src/app/entry-client.tsx'),
          output: {
            // React, React DOM and React Router change only with an upgrade: one named chunk that
            // browsers keep across deploys, rather than a shared chunk named after whatever page module
            // rolldown met first. The site's own modules that the entry needs and the pages share too
            // (head tags, icons, breadcrumbs, formatting) go in one 'app' chunk rather than five small
            // ones: on a phone each extra script costs a round trip before the page can hydrate.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                  priority: 20,
                },
                {
                  name: 'app',
                  test: /[\\/]directory[\\/]src[\\/](lib|components)[\\/]/,
                  tags: ['$initial'],
                  priority: 10,
                },
              ],
            },
          },
        },
      },
}));
