// Flat config: typescript-eslint's recommended type-aware rules, prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/out/', 'bazel-*/', 'test/bazel/', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
);
