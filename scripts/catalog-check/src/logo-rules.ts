import fs from 'node:fs';
import path from 'node:path';
import type { CatalogTemplate } from '../../../server/src/catalog/template-types.js';
import { LETTER_MARK_COMMENT, indexIcons, logoFor } from '../../catalog-logos.mjs';
import type { TemplateProblems } from './problems.js';

export interface LogoCheck {
  /** Whether the template's logo is a letter mark (no brand mark exists for it). */
  (template: CatalogTemplate, problems: TemplateProblems): { letterMark: boolean };
}

/**
 * A template's logo is `<id>.svg` as `pnpm catalog:logos` writes it today (a brand mark from
 * simple-icons where one exists): a hand-made or stale file is caught here, not in the dashboard.
 */
export function logoChecker(assetsDir: string): LogoCheck {
  const index = indexIcons();
  return (template, problems) => {
    const expectedName = `${template.id}.svg`;
    if (template.logo !== expectedName) problems.add('logo', `must be '${expectedName}'`);
    let written = '';
    try {
      written = fs.readFileSync(path.join(assetsDir, template.logo), 'utf8');
    } catch {
      // the loader already reported a missing logo
    }
    const expected = logoFor(template, index).svg;
    if (template.logo === expectedName && written && written !== expected)
      problems.add('logo', `assets/${expectedName} is not what 'pnpm catalog:logos' writes: run it`);
    return { letterMark: written.includes(LETTER_MARK_COMMENT) };
  };
}
