import type { CatalogReport } from './check-catalog.js';

/** The issue's target for letter marks among the templates. */
const LETTER_MARK_TARGET = 0.1;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The counts a catalog check closes with: templates, templates per tag, letter marks, Compose's time. */
export function reportSummary(report: CatalogReport, root: string): string[] {
  const count = report.folders.length;
  const share = count === 0 ? 0 : report.letterMarks.length / count;
  const marks = report.letterMarks.length ? `: ${report.letterMarks.join(', ')}` : '';
  return [
    `${count} templates in ${root}`,
    `per tag: ${report.tagCounts.map(([tag, templates]) => `${tag} ${templates}`).join(', ')}`,
    `letter marks: ${report.letterMarks.length} (${(share * 100).toFixed(1)} %, target under ${LETTER_MARK_TARGET * 100} %)${marks}`,
    `compose models: ${seconds(report.compose.ms)} (${report.compose.resolver})`,
  ];
}
