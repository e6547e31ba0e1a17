// typescript-eslint with type-aware rules over every package; Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What the repository ignores (.gitignore): builds, data, reports, caches (the fuzzing venv).
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-results/**',
      'coverage/**',
      '.cache/**',
      '.schemathesis/**',
      // Generated from the proto files by buf.
      'packages/hypervisor/src/api/grpc/gen/**',
      // Generated from the verification platform's OpenAPI document by openapi-typescript.
      'packages/verification/src/client/gen/**',
      // Generated from the hypervisor's OpenAPI document and error catalogue (its npm run generate).
      'packages/hypervisor/clients/typescript/src/gen/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One program for the sources and tests of every package (tsconfig.check.json), and the
      // verification web application's own two (browser code; its unit tests).
      parserOptions: {
        project: [
          './tsconfig.check.json',
          './packages/verification/web/tsconfig.json',
          './packages/verification/web/tsconfig.test.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: 'error',
    },
  },
  {
    // Plain Node scripts that run before anything is built: linted without type information.
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // The web application runs in the browser.
    files: ['packages/verification/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/test/**/*.ts'],
    rules: {
      // Tests read untyped JSON bodies freely.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  prettier,
);
