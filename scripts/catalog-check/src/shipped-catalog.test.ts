import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkCatalog } from './check-catalog.js';
import { formatProblem } from './problems.js';
import { reportSummary } from './report-text.js';
import { SHIPPED_CATALOG_ROOT } from './shipped-catalog.js';

// One check of the whole built-in catalog (Compose resolves every template once), then one test per
// template, so a broken template fails by its folder with each problem's field.
const report = await checkCatalog(SHIPPED_CATALOG_ROOT);

test('the built-in catalog is checked whole', (t) => {
  for (const line of reportSummary(report, SHIPPED_CATALOG_ROOT)) t.diagnostic(line);
  assert.ok(report.folders.length > 0);
});

for (const folder of report.folders) {
  test(`built-in template ${folder} passes every catalog rule`, () => {
    const problems = report.problems.filter((problem) => problem.template === folder);
    assert.deepEqual(problems.map(formatProblem), []);
  });
}
