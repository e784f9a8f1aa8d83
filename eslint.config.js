import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The web app's feature folders; each is closed to the others (bulletproof-react's rule). */
const features = readdirSync(fileURLToPath(import.meta.resolve('./web/src/features')), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature imports from web/src/lib, web/src/ui, its own folder and the route paths, never from
 * another feature or the rest of web/src/app: what two features share moves to lib or ui.
 */
const featureBoundaries = features.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${features.filter((f) => f !== feature).join('|')})(/|$)`,
            message: `A feature does not import another feature: move what ${feature} shares to web/src/lib or web/src/ui.`,
          },
          {
            regex: '^(\\.\\./)+app/(?!paths$)',
            message: 'A feature imports only the route paths from web/src/app.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'api/dist',
      'data',
      'bench-results',
      'coverage',
      'api/zipdata/*.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/**', '**/projections/**', '**/web/**'],
              message: 'The domain imports nothing from the outer layers.',
            },
            {
              group: [
                'express',
                'kysely',
                'pg',
                'react',
                '@electric-sql/*',
                '@kurrent/*',
                'node:*',
                'fs',
                'crypto',
              ],
              message: 'The domain is pure: pass I/O in.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass the clock in.' },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Pass the clock in.',
        },
        {
          selector: "CallExpression[callee.object.name='performance'][callee.property.name='now']",
          message: 'Pass the clock in.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass randomness in.' },
      ],
    },
  },
  {
    files: ['projections/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+api/(?!.+/contract$)',
              message: 'Projections import no code from api/; only the answer types of api/**/contract.ts.',
            },
            {
              regex: '^(\\.\\./)+api/.+/contract$',
              allowTypeImports: true,
              message: 'Projections take only types from an API contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(domain|api|projections|scripts|tests)/',
              message: 'The web app reaches domain/ as @domain/… and the API contracts as @api/….',
            },
            {
              group: ['@api/*'],
              allowTypeImports: true,
              message:
                'The web app takes only types from the API: its answers, declared in api/**/contract.ts.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  prettier,
);
