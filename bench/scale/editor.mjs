#!/usr/bin/env node
// The configuration editor of a big app (issue 19): apps of 1 file and 2 variables, 10 files and
// 40 variables, and 50 files and 200 variables, in headless Chromium on loopback. Printed for each,
// with its ratio to the smallest: the time from navigation to the Editor tab with every file and
// variable on screen (a warm tab reloading, median of BENCH_RUNS), and each keystroke typed into a
// variable's value and into a variable's name, from the key press to the paint of the checked
// draft (Event Timing API; keystrokes under 16 ms are not reported and count as 16). Figures only.
//
// Needs `pnpm build` (the dashboard, the server and the agent). A real agent is paired (the editor
// is read-only while its server is offline); the apps are written straight into the database and
// never deployed, so nothing is made in Docker.
//
//   node bench/scale/editor.mjs
//   BENCH_EDITOR_SIZES=1x2,50x200,100x500 BENCH_RUNS=9 node bench/scale/editor.mjs
import { randomUUID } from 'node:crypto';
import { loadAverage, median, ratio } from '../lib/harness.mjs';
import { startPairedDashboard } from '../lib/paired-dashboard.mjs';

const SIZES = (process.env.BENCH_EDITOR_SIZES ?? '1x2,10x40,50x200').split(',').map((size) => {
  const [files, variables] = size.split('x').map(Number);
  return { files, variables };
});
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TYPED = 'abcdefghij';

/** Keystrokes by interaction, through the Event Timing API. */
const PROBE = `
  (() => {
    window.__keystrokes = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.__keystrokes.set(entry.interactionId, Math.max(window.__keystrokes.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  })();
`;

/** An app of `files` files (a compose file using every variable, then config files) and `variables` variables. */
async function insertApp(server, agentId, { files, variables }) {
  const appId = randomUUID();
  const name = `editor-${files}-${variables}`;
  const now = Date.now();
  await server.sql(
    `INSERT INTO apps (id, agent_id, name, project, icon, color, extension_values, status, created_at, updated_at)
     VALUES ($1, $2, $3, $3, 'box', '#3182CE', '[]', 1, $4, $4)`,
    [appId, agentId, name, now],
  );
  const names = Array.from({ length: variables }, (_, index) => `SETTING_${index + 1}`);
  const compose = [
    'services:',
    '  web:',
    '    image: busybox:1',
    '    environment:',
    ...names.map((variable) => `      ${variable}: \${${variable}}`),
    '',
  ].join('\n');
  for (let index = 0; index < files; index += 1) {
    const filename = index === 0 ? 'compose.yml' : `config/part-${index}.conf`;
    const content =
      index === 0
        ? compose
        : `# part ${index}\n${'key = value\n'.repeat(40)}listen = 0.0.0.0:${8000 + index}\n`;
    await server.sql(
      `INSERT INTO app_files (id, app_id, filename, content, is_encrypted, type, position)
       VALUES ($1, $2, $3, $4, 0, 'user', $5)`,
      [randomUUID(), appId, filename, content, index],
    );
  }
  for (const [index, variable] of names.entries()) {
    await server.sql(
      `INSERT INTO app_variables (id, app_id, name, value, is_encrypted, type, position)
       VALUES ($1, $2, $3, $4, 0, 'user', $5)`,
      [randomUUID(), appId, variable, `value-${index + 1}`, index],
    );
  }
  return appId;
}

/** Types TYPED into `input` key by key; the duration of each keystroke's interaction. */
async function keystrokes(page, input) {
  await input.click();
  await page.evaluate(() => globalThis.__keystrokes.clear());
  for (const character of TYPED) {
    await page.keyboard.type(character);
    await page.waitForTimeout(300); // this keystroke's checks and paint settle
  }
  const measured = await page.evaluate(() => [...globalThis.__keystrokes.values()]);
  return [...measured, ...Array(Math.max(0, TYPED.length - measured.length)).fill(16)];
}

const { server, agentId, signedInContext, stop } = await startPairedDashboard(`dheditor${process.pid}`);
try {
  const context = await signedInContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PROBE);
  const rows = [];
  for (const size of SIZES) {
    const appId = await insertApp(server, agentId, size);
    // A tab of its own: the previous app's edited draft stays behind.
    const page = await context.newPage();
    const lastVariable = page.getByRole('textbox', { name: `Variable #${size.variables} value` });
    const lastFile = page.getByRole('group', { name: `File #${size.files}`, exact: true });
    const opens = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const started = Date.now();
      if (run === 0) await page.goto(`${server.base}/#/app/${appId}`);
      else await page.reload();
      await lastFile.waitFor({ timeout: 60_000 });
      await lastVariable.waitFor({ timeout: 60_000 });
      // The tab is usable once its inputs take typing: the server is online.
      await page.waitForFunction(
        (name) => globalThis.document.querySelector(`input[aria-label="${name}"]`)?.readOnly === false,
        `Variable #${size.variables} value`,
        { timeout: 60_000 },
      );
      if (run > 0) opens.push(Date.now() - started); // the first fills the caches
    }
    const middle = Math.ceil(size.variables / 2);
    const value = await keystrokes(page, page.getByRole('textbox', { name: `Variable #${middle} value` }));
    const name = await keystrokes(page, page.getByRole('textbox', { name: `Variable #${middle} name` }));
    rows.push({ ...size, open: median(opens), value, name });
    await page.close();
    console.log(`  ${size.files} files, ${size.variables} variables measured`);
  }
  const [first] = rows;
  console.log(`\nEditor by size of the app (headless Chromium, warm tab, open: median of ${RUNS})`);
  console.log(
    `${'files'.padStart(6)} ${'variables'.padStart(9)}  ${'open'.padEnd(20)}${'value keystroke median / max'.padEnd(34)}name keystroke median / max`,
  );
  for (const row of rows) {
    const keys = (durations, baseline) =>
      `${`${median(durations).toFixed(0)} / ${Math.max(...durations).toFixed(0)} ms`.padStart(14)}${ratio(median(durations), median(baseline))}`;
    console.log(
      `${String(row.files).padStart(6)} ${String(row.variables).padStart(9)}  ` +
        `${`${row.open.toFixed(0)} ms`.padStart(8)}${ratio(row.open, first.open)}     ` +
        `${keys(row.value, first.value).padEnd(34)}${keys(row.name, first.name)}`,
    );
  }
  console.log(`machine load average ${loadAverage()}`);
} finally {
  await stop();
}
