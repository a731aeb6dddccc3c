/**
 * Types of the app catalog: the shape a catalog template has on disk (validated by
 * template-validation.ts) and the shapes the loader hands out. The on-disk format is documented
 * at the top of templates.ts.
 */
import type { CatalogItem, ExtensionName, Release, SupportedExtension } from 'contract';

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
  /** The extension this app provides to others (the Caddy proxy provides 'expose'). */
  extension: ExtensionName | null;
  /** The compose service of a provider that serves the others (the proxy's own service). */
  extension_service: string | null;
  /** Extensions this app can use, each with the service and container port they reach. */
  supported_extensions: SupportedExtension[];
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
  extension: ExtensionName | null;
  extension_service: string | null;
  supported_extensions: SupportedExtension[];
}

/** A template that could not be loaded, with a message naming the template and field. */
export interface TemplateLoadError {
  template: string;
  message: string;
}
