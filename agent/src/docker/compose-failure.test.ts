import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeFailureMessage } from './compose-failure.js';

const project = {
  directory: '/var/lib/dockhand/apps/a1/project',
  envFile: '/var/lib/dockhand/apps/a1/compose.env',
};
const failed = (stderr: string) => ({ command: 'docker-compose', args: [], stdout: '', stderr, exitCode: 1 });

test('a broken compose file is named by its own filename, with the line and column', () => {
  // Compose v1's words for `ports: [[` at the end of the file.
  const message = composeFailureMessage(
    'config',
    failed(
      "yaml.parser.ParserError: while parsing a flow node\nexpected the node content, but found '<stream end>'\n" +
        '  in "/var/lib/dockhand/apps/a1/project/compose.yml", line 5, column 1\n',
    ),
    project,
  );
  assert.match(
    message,
    /^compose\.yml is not valid YAML \(line 5, column 1\)\. docker compose config failed/,
  );
  assert.doesNotMatch(message, /\/var\/lib\/dockhand/);
});

test('an image that cannot be pulled names its service and image', () => {
  const message = composeFailureMessage(
    'up',
    failed(
      'Pulling web (dockhand-test-missing/nothing-here:0)...\n' +
        "ERROR: pull access denied for dockhand-test-missing/nothing-here, repository does not exist or may require 'docker login'\n",
    ),
    project,
  );
  assert.match(
    message,
    /^Service web: the image dockhand-test-missing\/nothing-here:0 cannot be pulled \(it does not exist, or the registry needs a login\)\. /,
  );
});

test('a port in use says so; anything else keeps compose’s own last lines, paths stripped', () => {
  assert.match(
    composeFailureMessage(
      'up',
      failed('Error: Bind for 0.0.0.0:8080 failed: port is already allocated'),
      project,
    ),
    /^A port the app publishes \(8080\) is already in use on the server\. /,
  );
  assert.equal(
    composeFailureMessage(
      'up',
      failed('open /var/lib/dockhand/apps/a1/project/config/app.conf: permission denied'),
      project,
    ),
    'docker compose up failed (exit 1): open config/app.conf: permission denied',
  );
});

test('a failed build under Compose v2 (BuildKit) names the service, the step and the command', () => {
  const message = composeFailureMessage(
    'up',
    failed(
      ' => ERROR [web 3/3] RUN test -e /nonexistent                                0.3s\n' +
        '------\n > [web 3/3] RUN test -e /nonexistent:\n------\n' +
        'failed to solve: process "/bin/sh -c test -e /nonexistent" did not complete successfully: exit code: 1\n',
    ),
    project,
  );
  assert.match(
    message,
    /^Service web: its image could not be built: step 3\/3 \(RUN test -e \/nonexistent\) failed with exit code 1\. /,
  );
});

test('an unhealthy dependency under Compose v2 is named by its service, not its container', () => {
  const message = composeFailureMessage(
    'up',
    failed(' Container app1-db-1  Error\ndependency failed to start: container app1-db-1 is unhealthy\n'),
    project,
    [
      {
        id: 'c192a6edf987aa00bb11cc22dd33ee44ff5566778899aabbccddeeff00112233',
        name: 'app1-db-1',
        service: 'db',
      },
    ],
  );
  assert.match(message, /^Service db is unhealthy \(its healthcheck fails\)/);
  assert.doesNotMatch(message, /app1-db-1/);
});
