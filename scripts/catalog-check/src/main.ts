/**
 * `pnpm catalog:check [catalog root]`: checks every template of the built-in catalog (or of the
 * named root), prints each problem with its template folder and field, then the counts; exits 1
 * when any template has a problem.
 */
import path from 'node:path';
import { checkCatalog } from './check-catalog.js';
import { formatProblem } from './problems.js';
import { reportSummary } from './report-text.js';
import { SHIPPED_CATALOG_ROOT } from './shipped-catalog.js';

const root = path.resolve(process.argv[2] ?? SHIPPED_CATALOG_ROOT);
const started = performance.now();
const report = await checkCatalog(root);

for (const problem of report.problems) console.error(formatProblem(problem));
console.log(['', ...reportSummary(report, root)].join('\n'));
console.log(`whole check: ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (report.problems.length > 0) {
  const failing = new Set(report.problems.map((problem) => problem.template));
  console.error(`\n${report.problems.length} problems in ${failing.size} templates`);
  process.exitCode = 1;
} else {
  console.log('every template passes');
}
