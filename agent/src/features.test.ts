import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './cli.js';
import { createDispatcher, type AgentServices } from './dispatcher.js';
import { AgentErrorCode } from './errors.js';
import { loadHostConfig } from './host-config.js';
import { agentFeatures } from './system-info.js';

// Issue 18: the host's owner turns an agent feature off; the agent reports it disabled (the
// dashboard then shows the spec's feature-off text) and refuses its methods whatever the server asks.

const dir = await mkdtemp(path.join(tmpdir(), 'dockhand-features-'));
after(() => rm(dir, { recursive: true, force: true }));

const enabled = (featuresOff: Parameters<typeof agentFeatures>[0]) =>
  Object.fromEntries(agentFeatures(featuresOff).map((feature) => [feature.name, feature.is_enabled]));

test('features are all on by default and turned off and on again from the host command', async () => {
  const configFile = path.join(dir, 'commands', 'host-config.json');
  const output: string[] = [];
  const print = (text: string) => output.push(text);
  assert.deepEqual((await loadHostConfig(configFile)).featuresOff, []);

  assert.equal(await runCli(['features', 'off', 'docker_registries'], configFile, print, print), 0);
  assert.match(output.join('\n'), /Features turned off: docker_registries[\s\S]*Restart the agent/);
  const off = await loadHostConfig(configFile);
  assert.deepEqual(off.featuresOff, ['docker_registries']);
  assert.deepEqual(enabled(off.featuresOff), {
    app_logs: true,
    docker_registries: false,
    docker_networks: true,
    docker_volumes: true,
  });
  // The file says it plainly, next to the other sections.
  const written = JSON.parse(await readFile(configFile, 'utf8')) as { features: Record<string, boolean> };
  assert.equal(written.features.docker_registries, false);

  assert.equal(await runCli(['features', 'on', 'docker_registries'], configFile, print, print), 0);
  assert.deepEqual((await loadHostConfig(configFile)).featuresOff, []);
  assert.equal(await runCli(['features', 'off', 'docker_swarm'], configFile, print, print), 1);
  assert.match(output.at(-1) ?? '', /docker_swarm is not a feature \(app_logs, docker_registries/);
});

test('a host configuration with an unknown feature or a non-boolean switch stops the agent with the reason', async () => {
  const configFile = path.join(dir, 'invalid', 'host-config.json');
  await mkdir(path.dirname(configFile), { recursive: true });
  await writeFile(configFile, JSON.stringify({ features: { docker_registries: 'no' } }));
  await assert.rejects(loadHostConfig(configFile), /"features.docker_registries" must be true or false/);
  await writeFile(configFile, JSON.stringify({ features: { docker_swarm: false } }));
  await assert.rejects(loadHostConfig(configFile), /"features.docker_swarm" is not a feature/);
});

test('the agent refuses the methods of a feature turned off, and only those', async () => {
  const registryCalls: string[] = [];
  // Only the services these methods reach; the rest of the agent plays no part in the refusal.
  const services = {
    registries: {
      list: () => {
        registryCalls.push('list');
        return Promise.resolve([]);
      },
    },
    networks: { list: () => Promise.resolve([]) },
    featuresOff: ['docker_registries'],
  } as unknown as AgentServices;
  const dispatch = createDispatcher(services);
  await assert.rejects(dispatch('registry.list', {}), (error: Error & { code?: string }) => {
    assert.equal(error.code, AgentErrorCode.FeatureTurnedOff);
    assert.match(error.message, /turned off on this server by its owner/);
    return true;
  });
  await assert.rejects(
    dispatch('registry.create', { address: 'registry.example.com', username: 'u', password: 'p' }),
    /turned off/,
  );
  assert.deepEqual(registryCalls, []);
  assert.deepEqual(await dispatch('network.list', {}), []);
});
