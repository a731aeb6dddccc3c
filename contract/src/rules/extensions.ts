/**
 * Extensions (spec sections 2, 3 and 6). An app may *provide* an extension to the other apps of its
 * server (the catalog's Caddy proxy provides `expose`) and apps *support* extensions (a web app
 * names the compose service and container port that serve it). An app that uses an extension holds
 * an extension value naming the app that provides it; for `expose` that is a proxy app ('Expose via
 * {app name}': domains with automatic HTTPS) or the app itself ('Expose Port': a published host
 * port). The values the choice needs travel as variables the extension contributes (below).
 */
import type { RuleResult } from './names.js';

export const EXPOSE = 'expose';
export const EXTENSIONS = [EXPOSE] as const;
export type ExtensionName = (typeof EXTENSIONS)[number];

export function isExtensionName(value: unknown): value is ExtensionName {
  return typeof value === 'string' && (EXTENSIONS as readonly string[]).includes(value);
}

/** The compose service (and its container port) that an extension reaches in an app. */
export interface SupportedExtension {
  extension: ExtensionName;
  service: string;
  port: number;
}

/** Spec section 3. No value for an extension means None. */
export interface ExtensionValue {
  extension: ExtensionName;
  /** The providing app; the app's own id for 'Expose Port'. */
  extension_app_id: string;
}

/** On create-app the new app has no id yet: 'Expose Port' names it with this marker. */
export const SELF_APP_ID = 'self';

/**
 * Variables the `expose` extension contributes to an app that uses it (inherited items carrying the
 * providing app's id), and the variables a proxy app providing `expose` must declare.
 */
export const ExposeVariables = {
  /** Via a proxy: the app's domains, separated by commas or spaces. */
  domains: 'EXPOSE_DOMAINS',
  /** Expose Port: the host port the app's container port is published on. */
  hostPort: 'EXPOSE_HOST_PORT',
  /** The proxy's own host ports and its certificate authority e-mail. */
  proxyHttpPort: 'HTTP_PORT',
  proxyHttpsPort: 'HTTPS_PORT',
  proxyEmail: 'ACME_EMAIL',
} as const;

/** Ids of the inherited items an extension contributes to the app that uses it. */
export const CONTRIBUTED_ID_PREFIX = 'extension-variable:';

/** An inherited item an extension contributes (spec section 3's app variable). */
export interface ContributedVariable {
  id: string;
  name: string;
  is_encrypted: false;
  type: 'inherited';
  /** The providing app (the app itself, or SELF_APP_ID on a new app, for Expose Port). */
  app_id: string;
}

/**
 * The inherited items the chosen extensions contribute to app `appId`, carrying the providing
 * app's id (spec section 6's extension filter): a proxy asks for the app's domains, Expose Port
 * (the app itself) for a host port. The user's value is a user variable of the same name.
 */
export function contributedVariables(
  appId: string,
  values: readonly ExtensionValue[],
): ContributedVariable[] {
  return values.map((value) => {
    const self = value.extension_app_id === appId || value.extension_app_id === SELF_APP_ID;
    const name = self ? ExposeVariables.hostPort : ExposeVariables.domains;
    return {
      id: `${CONTRIBUTED_ID_PREFIX}${name}`,
      name,
      is_encrypted: false,
      type: 'inherited',
      app_id: value.extension_app_id,
    };
  });
}

export const ExtensionText = {
  unknownExtension: (name: string) => `Unknown extension '${name}'`,
  notSupported: (name: string) => `This app does not support the extension '${name}'`,
  repeated: (name: string) => `The extension '${name}' is chosen twice`,
  providerMissing:
    'The app chosen to expose this app no longer exists on this server. Choose another or None',
  notAProvider: (app: string) => `${app} does not provide the extension 'expose'`,
  domainsRequired: 'Enter at least one domain to expose the app',
  domainScheme: (domain: string) => `Domain '${domain}': enter the name only, without http:// or https://`,
  domainPath: (domain: string) => `Domain '${domain}': enter the name only, without a path`,
  domainPort: (domain: string) => `Domain '${domain}': enter the name only, without a port`,
  domainUnicode: (domain: string) =>
    `Domain '${domain}': write internationalised names as punycode (xn--...)`,
  domainSyntax: (domain: string) =>
    `Domain '${domain}' is not a valid domain name (labels of letters, digits and hyphens, separated by dots)`,
  domainRepeated: (domain: string) => `Domain '${domain}' is listed twice`,
  domainTaken: (domain: string, app: string) => `Domain '${domain}' is already used by the app ${app}`,
  hostPortRequired: 'Enter the host port to publish the app on',
  hostPortSyntax: (value: string) => `Host port '${value}' must be a whole number from 1 to 65535`,
  hostPortProxy: (port: number, app: string) => `Host port ${port} is used by the proxy ${app}`,
  hostPortTaken: (port: number, app: string) => `Host port ${port} is already used by the app ${app}`,
  hostPortInUse: (port: number) => `Host port ${port} is already in use on this server`,
  serviceSyntax: 'The exposed service must be named like a compose service',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const SERVICE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/;

/** One domain name as a user types it: no scheme, path or port; ASCII (punycode) labels. */
export function domainError(domain: string): RuleResult {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(domain)) return ExtensionText.domainScheme(domain);
  if (domain.includes('/')) return ExtensionText.domainPath(domain);
  if (/:\d*$/.test(domain)) return ExtensionText.domainPort(domain);
  // eslint-disable-next-line no-control-regex -- a non-ASCII character is the point of the check
  if (/[^\x00-\x7f]/.test(domain)) return ExtensionText.domainUnicode(domain);
  const name = domain.toLowerCase();
  const labels = name.split('.');
  const valid =
    name.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1] ?? '');
  return valid ? null : ExtensionText.domainSyntax(domain);
}

/** The domains of an EXPOSE_DOMAINS value (lowercased, in order), or the first error. */
export function parseDomains(text: string): { domains: string[]; error: RuleResult } {
  const domains: string[] = [];
  for (const raw of text.split(/[\s,]+/).filter(Boolean)) {
    const error = domainError(raw);
    if (error) return { domains: [], error };
    const domain = raw.toLowerCase();
    if (domains.includes(domain)) return { domains: [], error: ExtensionText.domainRepeated(raw) };
    domains.push(domain);
  }
  return { domains, error: domains.length === 0 ? ExtensionText.domainsRequired : null };
}

/** A host port as typed: a whole number from 1 to 65535. */
export function parseHostPort(text: string): { port: number; error: RuleResult } {
  const trimmed = text.trim();
  if (!trimmed) return { port: 0, error: ExtensionText.hostPortRequired };
  const port = /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : NaN;
  return port >= 1 && port <= 65535
    ? { port, error: null }
    : { port: 0, error: ExtensionText.hostPortSyntax(trimmed) };
}

export function serviceNameError(service: string): RuleResult {
  return SERVICE_NAME.test(service) ? null : ExtensionText.serviceSyntax;
}

/**
 * Names under the reserved top-level domains (RFC 2606, 6761, 6762, 8375) can never get a public
 * certificate: the proxy signs them with its own internal certificate authority instead of ACME.
 */
export function isPublicDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  return !['test', 'localhost', 'local', 'internal', 'invalid', 'example', 'home.arpa', 'lan'].some(
    (suffix) => name === suffix || name.endsWith(`.${suffix}`),
  );
}
