// ESLint (flat config): the recommended JavaScript and TypeScript rules, React hooks rules on
// the client, and the import boundaries of the design (README, "Layout"), as errors. Prettier
// owns formatting (eslint-config-prettier, last, turns off the rules that would disagree).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SRC = 'server/src';
const DOMAINS = readdirSync(`${SRC}/domains`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const FEATURES = readdirSync('client/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The server's layers (design, "Server: a folder per domain"):
 * - `http/`, `db/`, `contracts/` (and `site/`, the page table shared with the client) never
 *   import a domain or a command;
 * - a domain is reached from outside its folder only through `domains/<d>/index.ts` (its
 *   services and types); the one list `domains/index.ts` also mounts each `<d>*.routes.ts`;
 * - `commands/` (use cases spanning domains) are called by routes and app.ts only, never by a
 *   domain's services or repos.
 */
const serverZones = [
  {
    target: [`${SRC}/http`, `${SRC}/db`, `${SRC}/contracts`, `${SRC}/site`],
    from: [`${SRC}/domains`, `${SRC}/commands`, 'seeds'],
    message:
      'http/, db/, contracts/ and site/ sit below the domains (and the seeds, which use them): pass what they need in as an argument.',
  },
  {
    target: [`${SRC}/contracts`, `${SRC}/site`],
    from: SRC,
    except: ['./contracts', './site'],
    message: 'contracts/ and site/ are shared with the client: zod and each other only.',
  },
  ...DOMAINS.map((d) => ({
    target: [`${SRC}/!(domains)/**/*`, `${SRC}/*.ts`, `${SRC}/domains/!(${d})/**/*`, 'seeds'],
    from: `${SRC}/domains/${d}/**/*`,
    except: [`**/domains/${d}/index.ts`],
    message: `Reach the ${d} domain through its public index (domains/${d}/index.ts).`,
  })),
  ...DOMAINS.map((d) => ({
    target: `${SRC}/domains/index.ts`,
    from: `${SRC}/domains/${d}/**/*`,
    except: [`**/domains/${d}/index.ts`, `**/domains/${d}/*.routes.ts`],
    message: 'The domain list mounts routes files and reads public indexes only.',
  })),
  {
    target: `${SRC}/domains/**/!(*.routes).ts`,
    from: `${SRC}/commands`,
    message: 'Only routes call commands; a domain service never calls up into a use case.',
  },
  {
    target: `${SRC}`,
    from: ['client', 'tests', 'bench', 'scripts'],
    message: 'The server never imports the client, tests, benchmarks or scripts.',
  },
];

/**
 * The client's boundaries (design, "Client"; bulletproof-react's zones):
 * - a feature never imports another feature;
 * - the admin app never imports a visitor feature;
 * - shared code (components/, lib/) never imports a feature; the app shell (app/: router and
 *   layouts) mounts features only through each feature's public `index.ts` or its `pages/`
 *   (the lazily loaded screens of the route table);
 * - of the server, the client imports the contracts and the site module only, through the
 *   `@contracts/*` and `@site/*` aliases.
 */
const clientZones = [
  ...FEATURES.map((f) => ({
    target: `client/src/features/!(${f})/**/*`,
    from: `client/src/features/${f}`,
    message: 'Features never import each other: move the shared piece to components/ or lib/.',
  })),
  {
    target: 'client/src/admin',
    from: 'client/src/features',
    message: 'The admin app never imports a visitor feature: share through components/ or lib/.',
  },
  {
    target: ['client/src/components', 'client/src/lib', 'client/src/sw.ts', 'client/src/boot.ts'],
    from: 'client/src/features',
    message: 'Shared client code never imports a feature.',
  },
  {
    target: ['client/src/app', 'client/src/main.tsx', 'client/src/entry-server.tsx'],
    from: 'client/src/features/**/*',
    except: ['**/features/*/index.ts', '**/features/*/pages/*.tsx'],
    message: 'The app shell mounts a feature through its index.ts or its pages/ only.',
  },
  {
    target: 'client',
    from: `${SRC}/**/*`,
    except: [`**/${SRC}/contracts/*.ts`, `**/${SRC}/site/*.ts`],
    message: 'The client imports only the contracts and the site module of the server.',
  },
  {
    target: 'client/src/!(admin)/**/*',
    from: 'client/src/admin',
    except: [],
    message: 'Visitor code never imports the admin app (main.tsx loads it lazily).',
  },
];

/** `eslint-disable` comments must say why: `// eslint-disable-next-line rule -- reason`. */
const local = {
  rules: {
    'disable-needs-reason': {
      meta: { type: 'suggestion', schema: [], messages: { reason: 'Say why: `-- reason` after the rule name.' } },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const text = comment.value.trim();
              if (/^eslint-(disable|enable)/.test(text) && !/\s--\s+\S/.test(text))
                context.report({ loc: comment.loc, messageId: 'reason' });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'docs/', 'artifacts/', 'uploads/', '**/node_modules/', 'client/dev-dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { local },
    rules: {
      'local/disable-needs-reason': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...clientZones] }],
    },
  },
  {
    // Shared code is reached through the aliases, never by climbing into server/src.
    files: ['client/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server/src/(contracts|site)/',
              message: 'Import shared code through @contracts/* or @site/*.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
