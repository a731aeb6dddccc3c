import { compareVersions } from '../../../server/src/catalog/versions.js';
import type { CatalogTemplate } from '../../../server/src/catalog/template-types.js';
import type { TemplateProblems } from './problems.js';

/** Releases older than this are not real releases of a self-hosted app we ship. */
const EARLIEST_RELEASE = '2000-01-01';
const MIN_RELEASES = 2;
const TAGS_PER_TEMPLATE = { min: 1, max: 3 };
const KEYWORDS_PER_TEMPLATE = { min: 3, max: 6 };

/**
 * What a complete template carries beyond the loader's schema (issue 39): tags from the shared
 * list, keywords, the upstream's links and licence, and at least two real releases whose dates
 * follow their versions. `rawReleaseNames` is registry.releases in file order, to name fields.
 */
export function checkTemplateMetadata(
  template: CatalogTemplate,
  rawReleaseNames: string[],
  allowedTags: ReadonlySet<string>,
  problems: TemplateProblems,
  today: string,
): void {
  const { tags, keywords } = template;
  if (tags.length < TAGS_PER_TEMPLATE.min || tags.length > TAGS_PER_TEMPLATE.max)
    problems.add(
      'tags',
      `must hold ${TAGS_PER_TEMPLATE.min} to ${TAGS_PER_TEMPLATE.max} tags, has ${tags.length}`,
    );
  tags.forEach((tag, index) => {
    if (!allowedTags.has(tag)) problems.add(`tags[${index}]`, `'${tag}' is not in server/catalog/tags.json`);
  });
  if (new Set(tags).size !== tags.length) problems.add('tags', 'repeats a tag');

  if (keywords.length < KEYWORDS_PER_TEMPLATE.min || keywords.length > KEYWORDS_PER_TEMPLATE.max)
    problems.add(
      'keywords',
      `must hold ${KEYWORDS_PER_TEMPLATE.min} to ${KEYWORDS_PER_TEMPLATE.max} keywords, has ${keywords.length}`,
    );
  keywords.forEach((keyword, index) => {
    if (keyword !== keyword.toLowerCase() || keyword.trim() === '')
      problems.add(`keywords[${index}]`, `'${keyword}' must be lowercase words`);
  });

  if (template.license.trim() === '') problems.add('license', 'must name the upstream licence');
  for (const field of ['license_url', 'homepage_url', 'repository_url', 'documentation_url'] as const) {
    if (!template[field]) problems.add(field, 'must be set');
  }
  if (template.alternative_to.length === 0)
    problems.add('alternative_to', 'must name at least one product this app replaces');

  checkReleases(template, rawReleaseNames, problems, today);
}

function checkReleases(
  template: CatalogTemplate,
  rawReleaseNames: string[],
  problems: TemplateProblems,
  today: string,
): void {
  const { releases } = template.registry; // newest version first (the loader sorts them)
  const field = (name: string, key: string) => `registry.releases[${rawReleaseNames.indexOf(name)}].${key}`;
  if (releases.length < MIN_RELEASES)
    problems.add('registry.releases', `must list at least ${MIN_RELEASES} releases, has ${releases.length}`);
  for (const release of releases) {
    if (release.date > today) problems.add(field(release.name, 'date'), `${release.date} is in the future`);
    if (release.date < EARLIEST_RELEASE)
      problems.add(field(release.name, 'date'), `${release.date} is before ${EARLIEST_RELEASE}`);
    if (!release.changelog_url) problems.add(field(release.name, 'changelog_url'), 'must be set');
  }
  releases.forEach((newer, index) => {
    const older = releases[index + 1];
    if (!older || compareVersions(newer.name, older.name) === 0) return;
    if (newer.date < older.date)
      problems.add(
        field(newer.name, 'date'),
        `${newer.name} is dated ${newer.date}, before the older ${older.name} (${older.date})`,
      );
  });
}
