/**
 * Authorisation matrix rows for everything scoped to a server (agents, apps, catalog, registries,
 * networks, agent updates): organization A's offline server and one app on it. Who may act is
 * decided before anything reaches an agent; allowed callers then meet the offline server (409),
 * the missing plan (402) or succeed.
 */
import type { Case } from './authorization-case.js';
import { get, ok, post } from './authorization-case.js';
import { insertTestApp, type Fixture } from './fixtures.js';

const appId = (f: Fixture) => `app-${f.agentA}`;
const withApp: Case['prepare'] = (app, f) => insertTestApp(app, f.agentA, appId(f), { name: 'web' });
const q = (f: Fixture) => `agent_id=${f.agentA}`;
/**
 * Allowed callers by role: managers only (owner, admin) or every member (billing too). Another
 * organization's server is unknown to the outsider: 404, as for one that does not exist.
 */
const managers = (allowed: number) => ({
  signedOut: 401,
  outsider: 404,
  billing: 403,
  admin: allowed,
  owner: allowed,
});
const members = (allowed: number) => ({
  signedOut: 401,
  outsider: 404,
  billing: allowed,
  admin: allowed,
  owner: allowed,
});
/** Lists of the caller's own servers: everyone signed in gets theirs (the outsider only B's). */
const anyone = { signedOut: 401, outsider: ok, billing: ok, admin: ok, owner: ok };
const offline = 409;
const unpaid = 402;

export const serverCases: Case[] = [
  { name: 'get-agents', request: () => get('/api/v1/agents/get-agents'), expected: anyone },
  {
    name: 'get-agents-status',
    request: () => get('/api/v1/agents/get-agents-status'),
    expected: anyone,
  },
  {
    name: 'rename-agent',
    request: (f) => post('/api/v1/agents/rename-agent', { agent_id: f.agentA, name: 'Renamed server' }),
    expected: managers(ok),
  },
  {
    name: 'delete-agent',
    request: (f) => post('/api/v1/agents/delete-agent', { agent_id: f.agentA }),
    expected: managers(ok),
  },
  {
    name: 'get-available-versions',
    request: (f) => get(`/api/v1/agents/get-available-versions?${q(f)}`),
    expected: members(ok),
  },
  {
    name: 'update-agent',
    request: (f) => post('/api/v1/agents/update-agent', { agent_id: f.agentA, version: '9.9.9' }),
    expected: managers(offline),
  },
  {
    name: 'catalog get-apps',
    request: (f) => get(`/api/v1/catalog/get-apps?${q(f)}`),
    expected: members(ok),
  },
  {
    name: 'install-app',
    request: (f) => post(`/api/v1/catalog/install-app?${q(f)}`, { name: 'web2', template_id: 'nginx' }),
    expected: managers(unpaid),
  },
  {
    name: 'apps get-apps',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-apps?${q(f)}`),
    expected: members(ok),
  },
  {
    name: 'get-app',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-app?${q(f)}&app_id=${appId(f)}`),
    expected: members(ok),
  },
  {
    name: 'control-app',
    prepare: withApp,
    request: (f) => post(`/api/v1/apps/control-app?${q(f)}`, { app_id: appId(f), action: 'active' }),
    expected: managers(offline),
  },
  {
    name: 'delete-app',
    prepare: withApp,
    request: (f) => post(`/api/v1/apps/delete-app?${q(f)}`, { app_id: appId(f) }),
    expected: managers(offline),
  },
  {
    name: 'create-app',
    request: (f) =>
      post(`/api/v1/apps/create-app?${q(f)}`, {
        config: { name: 'fresh', files: [], variables: [] },
        files: {},
        variables: {},
      }),
    expected: managers(unpaid),
  },
  {
    name: 'update-app',
    prepare: withApp,
    request: (f) =>
      post(`/api/v1/apps/update-app?${q(f)}`, {
        config: { id: appId(f), name: 'web', files: [], variables: [] },
        files: {},
        variables: {},
      }),
    expected: managers(unpaid),
  },
  {
    name: 'update-app-icon',
    prepare: withApp,
    request: (f) =>
      post('/api/v1/apps/update-app-icon', { agent_id: f.agentA, app_id: appId(f), icon: 'Database' }),
    expected: managers(unpaid),
  },
  {
    name: 'update-app-name',
    prepare: withApp,
    request: (f) =>
      post('/api/v1/apps/update-app-name', { agent_id: f.agentA, app_id: appId(f), name: 'renamed' }),
    expected: managers(unpaid),
  },
  {
    name: 'get-logs',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-logs?${q(f)}&app_id=${appId(f)}&tail=50`),
    expected: members(offline),
  },
  {
    name: 'get-deploy-history',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-deploy-history?${q(f)}&app_id=${appId(f)}`),
    expected: members(ok),
  },
  {
    // No such deploy: allowed callers learn only that (404), never another server's output.
    name: 'get-deploy-output',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-deploy-output?${q(f)}&app_id=${appId(f)}&deploy_id=none`),
    expected: members(404),
  },
  {
    // Nothing runs: every member may watch and learns that; nothing else.
    name: 'get-deploy-progress',
    prepare: withApp,
    request: (f) => get(`/api/v1/apps/get-deploy-progress?${q(f)}&app_id=${appId(f)}`),
    expected: members(ok),
  },
  {
    // Only those who may deploy may cancel; for them no such deploy runs (409).
    name: 'cancel-deploy',
    prepare: withApp,
    request: (f) => post(`/api/v1/apps/cancel-deploy?${q(f)}`, { app_id: appId(f), deploy_id: 'none' }),
    expected: managers(409),
  },
  {
    name: 'get-inventory',
    request: (f) => get(`/api/v1/apps/get-inventory?${q(f)}`),
    expected: members(ok),
  },
  {
    name: 'get-registries',
    request: (f) => get(`/api/v1/registries/get-registries?${q(f)}`),
    expected: managers(offline),
  },
  {
    name: 'create-registry',
    request: (f) => post('/api/v1/registries/create-registry', { agent_id: f.agentA, address: 'ghcr.io' }),
    expected: managers(offline),
  },
  {
    name: 'delete-registry',
    request: (f) => post('/api/v1/registries/delete-registry', { agent_id: f.agentA, address: 'ghcr.io' }),
    expected: managers(offline),
  },
  {
    name: 'get-networks',
    request: (f) => get(`/api/v1/networks/get-networks?${q(f)}`),
    expected: members(offline),
  },
  {
    name: 'create-network',
    request: (f) => post('/api/v1/networks/create-network', { agent_id: f.agentA, name: 'web' }),
    expected: managers(offline),
  },
  {
    name: 'delete-network',
    request: (f) => post('/api/v1/networks/delete-network', { agent_id: f.agentA, name: 'web' }),
    expected: managers(offline),
  },
];
