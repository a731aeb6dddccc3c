// The JavaScript budgets of the dashboard (issue 19): gzip bytes are deterministic for a given
// source, so `--check` turns these into a test that fails the build when a bundle outgrows them.
const KB = 1024;

// The budgets are the targets of issue 19 (the page-chunk and host-chunk ones keep today's sizes).
export const BUDGET = {
  /** Every script the login route loads (a visitor's first page). */
  login: 150 * KB,
  /** Every script a signed-in browser with an empty cache loads to show the dashboard. */
  signedInDashboard: 300 * KB,
  /** A remote's own scripts on its first visit beyond its page: remoteEntry.js. */
  remoteEntry: 10 * KB,
  /**
   * Host chunks a remote page pulls: the shared libraries' parts that only remotes use. Since the
   * first screen loads Chakra's Modal, Drawer and Tooltip on first use, framer-motion, popper and
   * focus-lock (about 70 KB) come with the first remote page instead, through the shared Chakra
   * facade (sharedFacades.cjs), which hands a remote every component any remote imports.
   */
  hostChunksForRemotes: 96 * KB,
  /** The chunks an exposed page needs synchronously (its lazy editor and log chunks excluded). */
  remotePage: 10 * KB,
  /** Wall time of a cold production build of the five bundles (printed without `--skip-build`). */
  coldBuildMs: 60_000,
};

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export interface Row {
  figure: string;
  bytes: number;
  budget: number;
  /** Every script counted in the row, path → gzip bytes. */
  files: Map<string, number>;
}

export const fits = (row: Row) => row.bytes <= row.budget;

/** The row's files, largest first, one a line. */
export const fileLines = (row: Row) =>
  [...row.files].sort(([, a], [, b]) => b - a).map(([file, size]) => `    ${kb(size).padStart(9)}  ${file}`);

/** Lines naming each row over its budget and its files, largest first, so the one that grew shows. */
export function overBudgetReport(rows: Row[]): string[] {
  return rows
    .filter((row) => !fits(row))
    .flatMap((row) => [
      `OVER BUDGET: ${row.figure}: ${kb(row.bytes)} gzip, budget ${kb(row.budget)} (${kb(row.bytes - row.budget)} over)`,
      ...fileLines(row),
    ]);
}
