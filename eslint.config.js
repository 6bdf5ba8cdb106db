// Flat config: typescript-eslint's recommended type-aware rules, prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      'coverage/',
      'bench/out/',
      'bazel-*/',
      'test/bazel/',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules for rr's own program and the viewer's; their tsconfig.json files (found by the
    // project service) cover tools/ and viewer/src/.
    files: ['tools/**/*.ts', 'viewer/src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/utils', '**/helpers', '**/misc'], message: 'Name modules by what they are.' },
          ],
        },
      ],
    },
  },
  {
    // The pages run in a browser. Their tsconfigs load Node's types only because the server modules
    // they import types from use them; the pages themselves must not.
    files: ['ui/**/*.ts', 'viewer/ui/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename'].map((name) => ({
          name,
          message: 'The UI runs in a browser: no Node globals.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/utils', '**/helpers', '**/misc'], message: 'Name modules by what they are.' },
            { group: ['node:*'], message: 'The UI runs in a browser: no Node modules.' },
          ],
        },
      ],
    },
  },
);
