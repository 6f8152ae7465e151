/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { germanCatalogue } from './vite.catalogue';
import { precompress } from './vite.precompress';

// The browser bundle: hashed, immutable files and a manifest the server reads.
export default defineConfig({
  base: '/',
  plugins: [germanCatalogue(import.meta.dirname), precompress()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: 'src/app/client.tsx',
      output: {
        // Six hash characters (36 bits) name ~150 files apart, and the entry lists every chunk's
        // name for preloading: eight of them were two more incompressible bytes per chunk.
        entryFileNames: 'assets/[name]-[hash:6].js',
        chunkFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
        // What every page loads first, in one chunk beside the entry: React, the i18n and REST
        // basics, the constants. Split finer they compress worse (each file starts gzip afresh).
        // The upload transport (rest/xhr.ts, the admin's) is left out: it is fetched when used.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/](lib[\\/](i18n|rest[\\/](?!xhr\.))|config)|rolldown[\\/]runtime|vite[\\/]preload-helper/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
