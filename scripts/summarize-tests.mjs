// Adds up the results every runner wrote to the results folder and prints the closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
const missing = [];
for (const name of [
  'jest.json',
  'contract.tap',
  'catalog-check.tap',
  'scripts.tap',
  'server-sqlite.tap',
  'server-postgres.tap',
  'agent.tap',
  'e2e.json',
]) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    missing.push(name);
    continue;
  }
  const text = fs.readFileSync(file, 'utf8');
  if (name === 'jest.json') {
    const r = JSON.parse(text);
    passed += r.numPassedTests;
    failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  } else if (name.endsWith('.tap')) {
    // Only the closing totals of the top level (no indentation).
    passed += Number(/^# pass (\d+)$/m.exec(text)?.[1] ?? 0);
    failed += Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0);
  } else {
    const r = JSON.parse(text);
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
  }
}
if (missing.length) {
  console.log(`results missing (a runner did not finish): ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
