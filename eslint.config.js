// Code rules. The folder import table of docs/architecture.md is an allow-list checked by dependency-cruiser
// (.dependency-cruiser.cjs), the second half of `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**', 'renderer/dist/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No disabled tests.' },
        { selector: "CallExpression[callee.name='parseFloat']", message: 'Money and quantities are exact: use shared/decimal.' },
      ],
    },
  },
  // Tests, benchmarks and the simulation harness read loosely typed JSON responses; `any` there is a convenience, not a hole.
  { files: ['test/**/*.ts', '**/*.test.ts', 'bench/**/*.ts', 'sim/**/*.ts', 'e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
