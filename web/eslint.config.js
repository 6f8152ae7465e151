// The habits the code is held to in `make test`: React's rules of hooks (with exhaustive
// dependencies) and the layering of docs/ARCHITECTURE.md — `app/` composes the features; a
// feature never imports another feature nor `app/`; `lib/`, `components/` and `config/` import
// no feature and not `app/`; no import cycles.
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const zones = [
  { target: './src/features', from: './src/app', message: 'A feature never imports app/ (app/ composes the features).' },
  {
    target: ['./src/lib', './src/components', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'lib/, components/ and config/ sit below the features and app/.',
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features never import each other: share through lib/ or components/, or let app/ compose them.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // `import-x/extensions` names the files the rules read: without it no-cycle builds its graph
    // of .js files only and checks nothing here (its TypeScript config sets it).
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
