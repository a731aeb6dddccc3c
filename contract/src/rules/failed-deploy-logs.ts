/**
 * The last lines of a failed deploy's containers (issue 14): the rollback removes those containers
 * (a create) or replaces them (an update), so before it does the agent writes their last lines into
 * the deploy's output under this heading, one `service | line` each; the app page's Logs tab reads
 * them back from the deploy history. One home for both sides of that format.
 */
export const FAILED_DEPLOY_LOGS_HEADING =
  "Last lines of the failed deploy's containers, before the rollback:";

/** How many lines are kept (the newest, all containers together). */
export const FAILED_DEPLOY_LOG_LINES = 100;

export interface FailedDeployLogLine {
  service: string;
  message: string;
}

export function failedDeployLogsText(lines: FailedDeployLogLine[]): string {
  return [FAILED_DEPLOY_LOGS_HEADING, ...lines.map((line) => `${line.service} | ${line.message}`)].join('\n');
}

/** The lines a deploy's output holds under the heading; empty when it holds none. */
export function failedDeployLogs(output: string): FailedDeployLogLine[] {
  const start = output.indexOf(`${FAILED_DEPLOY_LOGS_HEADING}\n`);
  if (start < 0) return [];
  const section = output.slice(start + FAILED_DEPLOY_LOGS_HEADING.length + 1).split('\n\n')[0] ?? '';
  return section
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const separator = line.indexOf(' | ');
      return separator < 0
        ? { service: '', message: line }
        : { service: line.slice(0, separator), message: line.slice(separator + 3) };
    });
}
