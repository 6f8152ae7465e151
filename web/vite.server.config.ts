import { defineConfig } from 'vite';
import { germanCatalogue } from './vite.catalogue';

// The server bundle, evaluated by QuickJS inside the Rust binary: one
// self-contained script that defines globalThis.renderPage.
export default defineConfig({
  plugins: [germanCatalogue(import.meta.dirname)],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'webworker' },
  resolve: { conditions: ['browser', 'module', 'import', 'default'] },
  build: {
    ssr: 'src/app/server.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    rollupOptions: {
      output: { format: 'iife', entryFileNames: 'server.js' },
    },
  },
});
