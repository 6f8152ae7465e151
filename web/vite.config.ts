/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { preactAliases } from './vite.alias';
import { germanCatalogue } from './vite.catalogue';

// The browser bundle: hashed, immutable files and a manifest the server reads.
export default defineConfig({
  base: '/',
  plugins: [germanCatalogue(import.meta.dirname)],
  resolve: { alias: preactAliases(false) },
  build: {
    outDir: 'dist/client',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: 'src/app/client.tsx' },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
