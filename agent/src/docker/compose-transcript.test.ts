import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEPLOY_OUTPUT_MAX_CHARS } from 'contract';
import { ComposeTranscript, userPaths } from './compose-transcript.js';
import type { CommandResult } from './run-command.js';

const project = {
  directory: '/var/lib/dockhand/apps/a1/project',
  envFile: '/var/lib/dockhand/apps/a1/compose.env',
};
const result = (stdout: string, stderr: string, exitCode = 0): CommandResult => ({
  command: 'docker',
  args: [],
  stdout,
  stderr,
  exitCode,
});

test("the agent's folders become the user's filenames", () => {
  assert.equal(
    userPaths('/var/lib/dockhand/apps/a1/project/config/nginx.conf: no such file', project),
    'config/nginx.conf: no such file',
  );
  assert.equal(userPaths('building /var/lib/dockhand/apps/a1/project', project), 'building .');
  assert.equal(
    userPaths("Couldn't read /var/lib/dockhand/apps/a1/compose.env", project),
    "Couldn't read the app's variables",
  );
});

test('commands are recorded as typed, with their output and a failing exit code', () => {
  const transcript = new ComposeTranscript();
  transcript.add(['config'], result('', ''), project);
  transcript.add(
    ['up', '-d'],
    result('', 'Error: /var/lib/dockhand/apps/a1/project/compose.yml bad', 1),
    project,
  );
  transcript.note('Removed everything.');
  assert.equal(
    transcript.text(),
    '$ docker compose config\n\n$ docker compose up -d\nError: compose.yml bad\n(exit code 1)\n\nRemoved everything.',
  );
});

test('a long output keeps its start and its end within the bound', () => {
  const transcript = new ComposeTranscript();
  transcript.note(`FIRST ${'a'.repeat(DEPLOY_OUTPUT_MAX_CHARS)}`);
  transcript.note(`${'b'.repeat(DEPLOY_OUTPUT_MAX_CHARS)} LAST`);
  const text = transcript.text();
  assert.ok(text.length <= DEPLOY_OUTPUT_MAX_CHARS + 100, `${text.length}`);
  assert.match(text, /^FIRST /);
  assert.match(text, / LAST$/);
  assert.match(text, /characters left out/);
});
