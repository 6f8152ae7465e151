import type { AliasOptions } from 'vite';

/**
 * The app is written against React's API and types and runs on Preact
 * (preact/compat): the same components at a seventh of react-dom's size,
 * which is what keeps first-load JavaScript inside issue 11's budget.
 * Exact-match patterns, so only the bare module names are redirected.
 */
export const preactAliases = (server: boolean): AliasOptions => [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // The QuickJS render needs only renderToString (no Node streams).
  { find: /^react-dom\/server$/, replacement: server ? 'preact-render-to-string' : 'preact/compat/server.browser' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
