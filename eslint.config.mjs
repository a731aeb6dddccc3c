import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'releases/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'artifacts/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Remotes import shared/src/ui by path, so each bundles its own copy: those components must
    // hold no state of their own and reach nothing stateful (API client, event bus, contexts,
    // QueryClient), which exists once per page only through the 'shared' singleton.
    files: ['shared/src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*'],
              allowTypeImports: true,
              message: 'shared/src/ui is bundled per remote: take state and calls as props.',
            },
          ],
        },
      ],
    },
  },
  {
    // The host and the remotes take the contract's rules from the 'shared' singleton, so one copy
    // is loaded per page and the schema half of the contract never reaches a browser bundle.
    files: ['host-shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['contract', 'contract/*'], message: 'Import the contract rules from shared.' },
          ],
        },
      ],
    },
  },
  {
    // Only the host bundles these, beneath Chakra and react-router-dom (which reach the remotes
    // through the host's facades, shared/webpack/sharedFacades.cjs); a remote importing them
    // would load a second copy.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'shared/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'framer-motion',
            '@emotion/react',
            '@emotion/styled',
            'react-router',
            'react-router/dom',
          ].map((name) => ({ name, message: 'Take it through @chakra-ui/react or react-router-dom.' })),
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
