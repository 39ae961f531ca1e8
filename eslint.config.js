// ESLint flat config: typescript-eslint's recommended rules on every workspace, and the two
// rules of React hooks (rules-of-hooks, exhaustive-deps) as errors on the React code. Why these
// tools and not more: docs/decisions.md ("Lint and format").
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/storybook-static/', 'test-results/', 'playwright-report/', 'coverage/', '.data/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Japanese text spaces with the ideographic space (U+3000) in templates and JSX as in strings.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // A leading underscore marks a name left unused on purpose: a property dropped from a
      // rest object (`const { id: _id, ...rest } = x`) or a parameter an interface requires.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['ui-kit/src/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'storybook/.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad(load, deps) and useEditableLoad take their dependencies like useEffect: they are checked the same way.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^(useLoad|useEditableLoad)$' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
