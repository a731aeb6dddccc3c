/**
 * Import rules the build holds (pnpm lint): no cycles; remotes and the host meet only in
 * `shared`; `contract` imports no package that uses it; in the server, imports only go down:
 * the app → the edge (http/) and routes → services (rules) → stores (the only SQL) → db/ and
 * errors/. A rule broken here fails lint.
 */
const SERVER = '^server/src/';
const TEST = '(\\.test\\.ts|/test/[^/]+\\.ts)$';
/** Files that speak HTTP: route registrations and the edge. */
const HTTP = `${SERVER}(http/.+|[^/]+/(routes|[a-z-]+-routes|dev-idp|assets|static)\\.ts)$`;
const STORE = `${SERVER}[^/]+/([a-z-]+-store|tables|hub-tables|migration-[^/]+|migrations/[^/]+)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle means two modules are one concern, or one of them is in the wrong layer.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-cycles-in-agent',
      severity: 'error',
      comment:
        'In the agent a type-only import back up is a circle too: pass an observer or a callback down instead.',
      from: { path: '^agent/' },
      to: { circular: true },
    },
    {
      name: 'remotes-meet-in-shared',
      severity: 'error',
      comment: 'A remote or the host never imports another one’s code; they meet in shared.',
      from: { path: '^(mfe-[^/]+|host-shell)/' },
      to: { path: '^(mfe-[^/]+|host-shell)/', pathNot: '^$1/' },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The contract is below the server, the agent and the dashboard: it imports none of them.',
      from: { path: '^contract/' },
      to: { path: '^(server|agent|shared|host-shell|mfe-[^/]+)/' },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'shared is below every remote and the host.',
      from: { path: '^shared/' },
      to: { path: '^(mfe-[^/]+|host-shell)/' },
    },
    {
      name: 'contract-is-the-bottom',
      severity: 'error',
      comment: 'contract holds what server, agent and dashboard agree on; it imports none of them.',
      from: { path: '^contract/' },
      to: { path: '^(server|agent|shared|host-shell|mfe-[^/]+)/' },
    },
    {
      name: 'routes-never-import-stores',
      severity: 'error',
      comment: 'Routes call services; only services read and write rows.',
      from: { path: HTTP, pathNot: TEST },
      to: { path: STORE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-upward-import-into-http',
      severity: 'error',
      comment: 'Services and stores know nothing of HTTP: no import of routes or the edge.',
      from: { path: SERVER, pathNot: [HTTP, TEST, `${SERVER}(app|main|serve)\\.ts$`] },
      to: { path: [HTTP, `${SERVER}(app|main|serve)\\.ts$`] },
    },
    {
      name: 'stores-never-import-services',
      severity: 'error',
      comment: 'A store is the bottom of its area: rows in, rows out; it calls no rule or service.',
      from: { path: STORE },
      to: { path: `${SERVER}[^/]+/([a-z-]+-service|access|agent-access|app-lookup)\\.ts$` },
    },
    {
      name: 'foundation-imports-no-area',
      severity: 'error',
      comment: 'db/ and errors/ are below every area (db/ may combine the areas’ table types).',
      from: { path: `${SERVER}(db|errors)/`, pathNot: TEST },
      to: { path: SERVER, pathNot: [`${SERVER}(db|errors)/`, STORE], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|releases|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
