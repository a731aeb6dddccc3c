import type { TemplateRelease } from '../../../server/src/catalog/template-types.js';
import type { TemplateProblems } from './problems.js';

/**
 * Docker's reference grammar (distribution/reference): an optional registry host[:port], lowercase
 * path components, an optional tag, an optional digest.
 */
const REFERENCE =
  /^(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::([\w][\w.-]{0,127}))?(?:@(sha256:[a-f0-9]{64}))?$/;

const VERSION_REFERENCE = '${_VERSION}';

/** A tag without a digit names a channel (latest, stable, edge, alpine...), which moves under us. */
const isMovingTag = (tag: string): boolean => !/\d/.test(tag);

export interface ImageUse {
  service: string;
  /** As written in the compose file, before interpolation. */
  written: string;
  /** As Compose resolved it with the newest release. */
  resolved: string;
}

/**
 * Every service runs a well-formed, pinned image; the app's own image follows the chosen release
 * (`${_VERSION}`), and every release's tag yields a well-formed, pinned reference.
 */
export function checkImages(
  images: ImageUse[],
  releases: TemplateRelease[],
  rawReleaseNames: string[],
  composeField: string,
  problems: TemplateProblems,
): void {
  const field = (service: string) => `${composeField}.services.${service}.image`;
  const versioned = images.filter((image) => image.written.includes(VERSION_REFERENCE));
  if (versioned.length === 0)
    problems.add(`${composeField}.services`, `no service's image is tagged from ${VERSION_REFERENCE}`);
  for (const image of images) {
    const match = REFERENCE.exec(image.resolved);
    if (!match) {
      problems.add(field(image.service), `'${image.resolved}' is not a well-formed image reference`);
      continue;
    }
    const [, tag, digest] = match;
    if (!tag && !digest)
      problems.add(field(image.service), `'${image.written}' has no tag (it means latest)`);
    else if (tag && isMovingTag(tag) && !digest)
      problems.add(field(image.service), `'${image.written}' uses the moving tag '${tag}' without a digest`);
  }
  for (const release of releases) {
    const releaseField = `registry.releases[${rawReleaseNames.indexOf(release.name)}]`;
    if (isMovingTag(release.image_tag))
      problems.add(`${releaseField}.image_tag`, `'${release.image_tag}' is a moving tag, not a release`);
    for (const image of versioned) {
      const reference = image.written.replaceAll(VERSION_REFERENCE, release.image_tag);
      if (!reference.includes('$') && !REFERENCE.test(reference))
        problems.add(`${releaseField}.image_tag`, `gives '${reference}', not a well-formed image reference`);
    }
  }
}
