// Lint gates shared by local runs and CI (CONVENTIONS §10): no warnings allowed, no explicit
// any, no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const featuresDir = path.resolve('client/src/features');

/**
 * A feature reaches another feature only through that feature's public entry
 * (`features/<area>/index.ts`), so what a feature offers is one short list and its inside can move
 * freely. The app layer above (router, shell) may import screens directly: lazy routes need the
 * module itself to split the bundle.
 */
const featureEntryRule = {
  meta: { type: 'problem', messages: { entry: "Import feature '{{area}}' through its public entry features/{{area}}/index.ts." } },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(featuresDir + path.sep)) return {};
    const own = file.slice(featuresDir.length + 1).split(path.sep)[0];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(featuresDir + path.sep)) return;
      const [area, ...rest] = target.slice(featuresDir.length + 1).split(path.sep);
      if (area === own || (rest.length === 1 && rest[0] === 'index.ts')) return;
      context.report({ node: node.source, messageId: 'entry', data: { area } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'bench/out/**', 'coverage/**', 'backups/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    // Sources import each other with explicit .ts extensions, which Node's resolution finds as is.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, pacs: { rules: { 'feature-entry': featureEntryRule } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client's layers (docs/architecture.md): app/ on top, then features/, then the shared
      // kernel (components, lib, state, i18n, viewer), which never imports the layers above it.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['components', 'lib', 'state', 'i18n', 'viewer'].map((kernel) => ({
            target: `./client/src/${kernel}`,
            from: ['./client/src/app', './client/src/features'],
            message: 'The shared kernel never imports app/ or features/.',
          })),
        },
      ],
      'pacs/feature-entry': 'error',
    },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['adapter/**', 'scripts/**', 'test/**', 'common/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
);
