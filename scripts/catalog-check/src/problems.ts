/** One thing wrong with a template: its folder, the field at fault (a template.json path) and why. */
export interface Problem {
  template: string;
  field: string;
  message: string;
}

/** Collects the problems of one template. */
export class TemplateProblems {
  readonly list: Problem[] = [];

  constructor(readonly template: string) {}

  add(field: string, message: string): void {
    this.list.push({ template: this.template, field, message });
  }
}

export function formatProblem(problem: Problem): string {
  return `${problem.template}: ${problem.field}: ${problem.message}`;
}
