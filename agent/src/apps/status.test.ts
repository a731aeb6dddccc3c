import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppStatus } from 'contract';
import { appStatusFromContainers } from './status.js';

const running = { state: 'running', status: 'Up 2 minutes' };

test('container states fold into the spec status codes', () => {
  assert.equal(appStatusFromContainers([running, running], true), AppStatus.Active);
  assert.equal(
    appStatusFromContainers([running, { state: 'restarting', status: 'Restarting (1) 2 seconds ago' }], true),
    AppStatus.Restarting,
  );
  assert.equal(
    appStatusFromContainers([{ state: 'running', status: 'Up 1 minute (unhealthy)' }], true),
    AppStatus.Problematic,
  );
  assert.equal(
    appStatusFromContainers([running, { state: 'exited', status: 'Exited (1) 3 seconds ago' }], true),
    AppStatus.Problematic,
  );
  assert.equal(
    appStatusFromContainers([running, { state: 'exited', status: 'Exited (0) 3 seconds ago' }], true),
    AppStatus.Active,
  );
  assert.equal(
    appStatusFromContainers([{ state: 'running', status: 'Up 3 seconds (health: starting)' }], true),
    AppStatus.Idle,
  );
  assert.equal(
    appStatusFromContainers([{ state: 'paused', status: 'Up 3 minutes (Paused)' }], true),
    AppStatus.Idle,
  );
  assert.equal(
    appStatusFromContainers([{ state: 'exited', status: 'Exited (137) 1 second ago' }], false),
    AppStatus.Stopped,
  );
  assert.equal(
    appStatusFromContainers([{ state: 'exited', status: 'Exited (137) 1 second ago' }], true),
    AppStatus.Problematic,
  );
  assert.equal(appStatusFromContainers([], false), AppStatus.Stopped);
  assert.equal(appStatusFromContainers([], true), AppStatus.Problematic);
  assert.equal(appStatusFromContainers([{ state: 'dead', status: 'Dead' }], true), AppStatus.Problematic);
});
