/**
 * Types of the app catalog: the shape a catalog template has on disk (validated by
 * template-validation.ts) and the shapes the loader hands out. The on-disk format is documented
 * at the top of templates.ts.
 */
import type { CatalogItem, Release } from 'contract';

/** Extensions an app can provide (template `extension`) or accept (`supported_extensions`). */
export const EXTENSIONS = ['proxy'] as const;
export type Extension = (typeof EXTENSIONS)[number];

export const VARIABLE_TYPES = ['constant', 'inherited'] as const;
type TemplateVariableType = (typeof VARIABLE_TYPES)[number];

export const SECRET_CHARSETS = ['alphanumeric', 'hex'] as const;
type SecretCharset = (typeof SECRET_CHARSETS)[number];

/** A release as stored in a template: also names the image tag deployed for it. */
export interface TemplateRelease extends Release {
  /** Value of the system variable `_VERSION` for this release (defaults to `name`). */
  image_tag: string;
}

/** How a secret's value is generated at install when the user gives none. */
export interface SecretGenerator {
  charset: SecretCharset;
  length: number;
}

export interface TemplateVariable {
  name: string;
  value: string;
  is_encrypted: boolean;
  type: TemplateVariableType;
  /** Only on encrypted variables: the installer generates a value of this shape. */
  generate: SecretGenerator | null;
}

export interface TemplateFile {
  filename: string;
  content: string;
}

/** A loaded, validated template: the catalog item plus everything needed to deploy it. */
export interface CatalogTemplate extends Omit<CatalogItem, 'registry'> {
  registry: { tags: { name: string }[]; releases: TemplateRelease[] };
  files: TemplateFile[];
  variables: TemplateVariable[];
  /** The extension this app provides to others (Nginx Proxy Manager provides 'proxy'). */
  extension: Extension | null;
  /** Extensions this app can be attached to (a web app accepts 'proxy'). */
  supported_extensions: Extension[];
  /** Folder the template was loaded from (for error messages and assets). */
  source_dir: string;
}

/** What to deploy for one release of a template. */
export interface TemplateDeployment {
  template_id: string;
  version: string;
  release: TemplateRelease;
  files: TemplateFile[];
  /** Template variables followed by the system variables (`_VERSION`), all type-tagged. */
  variables: TemplateVariable[];
  extension: Extension | null;
  supported_extensions: Extension[];
}

/** A template that could not be loaded, with a message naming the template and field. */
export interface TemplateLoadError {
  template: string;
  message: string;
}
