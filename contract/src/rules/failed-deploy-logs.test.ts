import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedDeployLogs, failedDeployLogsText } from './failed-deploy-logs.js';

test("a failed deploy's container lines survive the trip through its output", () => {
  const lines = [
    { service: 'web', message: 'listening on :8080' },
    { service: 'db', message: 'FATAL: password | authentication failed' },
  ];
  const output = `$ docker compose up -d\nERROR: for web\n\n${failedDeployLogsText(lines)}\n\n$ docker compose down`;
  assert.deepEqual(failedDeployLogs(output), lines);
  assert.deepEqual(failedDeployLogs('$ docker compose up -d\n ✔ Container web  Started'), []);
});
