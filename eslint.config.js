// @ts-check
import eslintPluginAstro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import { sourceLayersPlugin } from './eslint/source-layers.js';
import { testExpectationsPlugin } from './eslint/test-expectations.js';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.vercel/',
      'node_modules/',
      'src/generated/',
      'test-results/',
      'playwright-report/',
    ],
  },
  ...tseslint.configs.recommended,
  ...eslintPluginAstro.configs.recommended,
  {
    plugins: { 'source-layers': sourceLayersPlugin },
    rules: {
      'source-layers/layers': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'test-expectations': testExpectationsPlugin },
    rules: { 'test-expectations/matcher-called': 'error' },
  },
);
