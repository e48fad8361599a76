import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readClientAssets } from './client-assets';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveratlas-assets-'));
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/app/entry-client.tsx': {
      file: 'assets/entry-1.js',
      isEntry: true,
      imports: ['_framework-2.js'],
      dynamicImports: ['src/features/home/home-page.tsx', 'src/features/states/states-page.tsx'],
      css: ['assets/entry-1.css'],
    },
    '_framework-2.js': { file: 'assets/framework-2.js' },
    '_card-3.js': { file: 'assets/card-3.js', imports: ['_framework-2.js', '_stars-4.js'] },
    '_stars-4.js': { file: 'assets/stars-4.js' },
    'src/features/home/home-page.tsx': {
      file: 'assets/home-page-5.js',
      isDynamicEntry: true,
      imports: ['src/app/entry-client.tsx', '_framework-2.js', '_card-3.js'],
      dynamicImports: ['src/features/home/live.tsx'],
    },
    'src/features/home/live.tsx': { file: 'assets/live-6.js', isDynamicEntry: true },
    'src/features/states/states-page.tsx': {
      file: 'assets/states-page-7.js',
      isDynamicEntry: true,
      imports: ['_framework-2.js'],
    },
  }),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readClientAssets', () => {
  it('lists the entry, its stylesheet and the chunks it imports', () => {
    expect(readClientAssets(dir).assets).toEqual({
      styles: ['/assets/entry-1.css'],
      scripts: ['/assets/entry-1.js'],
      modulePreloads: ['/assets/framework-2.js'],
    });
  });

  it('lists for each lazily loaded module its chunk and the static imports the entry does not preload', () => {
    expect(readClientAssets(dir).lazyModulePreloads).toEqual({
      // Not the entry itself, nor what it preloads, nor the module's own dynamic imports.
      'src/features/home/home-page.tsx': [
        '/assets/home-page-5.js',
        '/assets/card-3.js',
        '/assets/stars-4.js',
      ],
      'src/features/home/live.tsx': ['/assets/live-6.js'],
      'src/features/states/states-page.tsx': ['/assets/states-page-7.js'],
    });
  });
});
