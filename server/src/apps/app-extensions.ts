/**
 * The `expose` extension on the server (contract/rules/extensions.ts): reading an app's choice
 * from create-app and update-app, checking it against the other apps of the same server, and
 * turning it into the exposure the agent wires. The choice's values are variables the extension
 * contributes (EXPOSE_DOMAINS for a proxy, EXPOSE_HOST_PORT for Expose Port), set by the user.
 */
import {
  ExposeVariables,
  ExtensionText,
  isExtensionName,
  parseDomains,
  parseHostPort,
  SELF_APP_ID,
  serviceNameError,
  type ExtensionValue,
  type Exposure,
  type SupportedExtension,
} from 'contract';
import type { TemplateDeployment } from '../catalog/template-types.js';
import { DomainError, invalidRequest } from '../errors/domain-error.js';
import { templateOf, type AppDeps } from './app-lookup.js';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import { listAppsOfAgents, loadStoredApp, type AppRow, type StoredApp } from './app-store.js';

const refuse = (code: string, message: string) => new DomainError(code, message);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidRequest();
  return value;
}

/** A custom app's own `supported_extensions` (a catalog app's come from its template). */
export function parseSupportedExtensions(value: unknown): SupportedExtension[] {
  const seen = new Set<string>();
  return list(value).map((raw) => {
    if (!isObject(raw)) throw invalidRequest();
    const { extension, service, port } = raw;
    if (!isExtensionName(extension))
      throw refuse('APP_EXTENSION', ExtensionText.unknownExtension(String(extension)));
    if (seen.has(extension)) throw refuse('APP_EXTENSION', ExtensionText.repeated(extension));
    seen.add(extension);
    if (typeof service !== 'string' || serviceNameError(service))
      throw refuse('APP_EXTENSION', ExtensionText.serviceSyntax);
    const parsed = parseHostPort(typeof port === 'number' ? String(port) : String(port ?? ''));
    if (parsed.error) throw refuse('APP_EXTENSION', parsed.error);
    return { extension, service, port: parsed.port };
  });
}

/** `extension_values` of a request: known, supported, once each; an empty app id means None. */
export function parseExtensionValues(
  value: unknown,
  supported: SupportedExtension[],
  appId: string,
): ExtensionValue[] {
  const seen = new Set<string>();
  const values: ExtensionValue[] = [];
  for (const raw of list(value)) {
    if (!isObject(raw)) throw invalidRequest();
    const { extension, extension_app_id: providerId } = raw;
    if (!isExtensionName(extension))
      throw refuse('APP_EXTENSION', ExtensionText.unknownExtension(String(extension)));
    if (providerId === undefined || providerId === null || providerId === '') continue;
    if (typeof providerId !== 'string') throw invalidRequest();
    if (!supported.some((entry) => entry.extension === extension))
      throw refuse('APP_EXTENSION', ExtensionText.notSupported(extension));
    if (seen.has(extension)) throw refuse('APP_EXTENSION', ExtensionText.repeated(extension));
    seen.add(extension);
    values.push({ extension, extension_app_id: providerId === SELF_APP_ID ? appId : providerId });
  }
  return values;
}

export function storedExtensionValues(app: Pick<AppRow, 'extension_values'>): ExtensionValue[] {
  return JSON.parse(app.extension_values) as ExtensionValue[];
}

/** The extensions an app can use: its template's, or what a custom app chose. */
export function supportedExtensionsOf(
  app: Pick<AppRow, 'supported_extensions'>,
  template: Pick<TemplateDeployment, 'supported_extensions'> | null,
): SupportedExtension[] {
  return template
    ? template.supported_extensions
    : (JSON.parse(app.supported_extensions) as SupportedExtension[]);
}

/** The plain value of a variable the app sets itself, or of its template's default. */
function variableOf(stored: StoredApp, template: TemplateDeployment | null, name: string): string {
  const value = plainVariableOf(stored, template, name);
  if (value === null)
    throw refuse('APP_EXTENSION', `Variable ${name} must not be secret: the server checks its value`);
  return value;
}

/** Another app's value: a secret (never one of ours) counts as unset. */
function neighbourVariable(other: Neighbour, name: string): string {
  return plainVariableOf(other.stored, other.template, name) ?? '';
}

function plainVariableOf(
  stored: StoredApp,
  template: TemplateDeployment | null,
  name: string,
): string | null {
  const own = stored.variables.find((variable) => variable.name === name && variable.type === 'user');
  const filled = stored.variables.find((variable) => variable.name === name);
  const row = own ?? filled;
  if (row) return row.is_encrypted === 1 ? null : row.value;
  return template?.variables.find((variable) => variable.name === name)?.value ?? '';
}

interface Neighbour {
  stored: StoredApp;
  template: TemplateDeployment | null;
}

/** The other apps of the agent with their templates (a template that is gone counts as none). */
async function neighboursOf(deps: AppDeps, agent: AgentRecord, appId: string): Promise<Neighbour[]> {
  const apps = await listAppsOfAgents(deps.context.db, [agent.id]);
  const others = apps.filter((app) => app.id !== appId);
  return Promise.all(
    others.map(async (app) => {
      let template: TemplateDeployment | null;
      try {
        template = templateOf(deps, app, agent, app.version);
      } catch {
        template = null; // a template (or version) that is gone: its defaults count as unset
      }
      return { stored: await loadStoredApp(deps.context.db, app), template };
    }),
  );
}

function exposeValueOf(app: AppRow): ExtensionValue | undefined {
  return storedExtensionValues(app).find((value) => value.extension === 'expose');
}

/** `port` as a proxy's own HTTP/HTTPS port or another app's Expose Port among `neighbours`: the refusal. */
function hostPortTaken(neighbours: Neighbour[], port: number): DomainError | null {
  for (const other of neighbours) {
    if (other.stored.app.extension === 'expose') {
      const ports = [ExposeVariables.proxyHttpPort, ExposeVariables.proxyHttpsPort].map((name) =>
        neighbourVariable(other, name).trim(),
      );
      if (ports.includes(String(port)))
        return refuse('APP_HOST_PORT_TAKEN', ExtensionText.hostPortProxy(port, other.stored.app.name));
    }
    const theirs = exposeValueOf(other.stored.app);
    if (
      theirs?.extension_app_id === other.stored.app.id &&
      neighbourVariable(other, ExposeVariables.hostPort).trim() === String(port)
    )
      return refuse('APP_HOST_PORT_TAKEN', ExtensionText.hostPortTaken(port, other.stored.app.name));
  }
  return null;
}

/**
 * Expose Port asked before Deploy (the Extension panel): the refusal a deploy of app `appId` (null:
 * a new app) would meet on `port`, from the server's other apps, then from the host (anything
 * holding the port, asked of the agent); null when none. The deploy checks both again.
 */
export async function hostPortRefusal(
  deps: AppDeps,
  agent: AgentRecord,
  appId: string | null,
  port: number,
): Promise<string | null> {
  const taken = hostPortTaken(await neighboursOf(deps, agent, appId ?? ''), port);
  if (taken) return taken.message;
  requireOnline(deps.context, agent);
  const { refusal } = await deps.hub.request(agent.id, 'app.host-port', { app_id: appId ?? '', port });
  return refusal;
}

/**
 * The exposure the agent wires for `stored` (whose extension values are already parsed), after
 * checking it against the server's other apps: the proxy exists and provides `expose`, no domain
 * is another app's, and the host port is neither a proxy's nor another app's. Null for None.
 */
export async function resolveExposure(
  deps: AppDeps,
  agent: AgentRecord,
  stored: StoredApp,
  template: TemplateDeployment | null,
): Promise<Exposure | null> {
  const choice = exposeValueOf(stored.app);
  if (!choice) return null;
  const target = supportedExtensionsOf(stored.app, template).find((entry) => entry.extension === 'expose');
  if (!target) throw refuse('APP_EXTENSION', ExtensionText.notSupported('expose'));
  const neighbours = await neighboursOf(deps, agent, stored.app.id);

  if (choice.extension_app_id === stored.app.id) {
    const parsed = parseHostPort(variableOf(stored, template, ExposeVariables.hostPort));
    if (parsed.error) throw refuse('APP_EXTENSION', parsed.error);
    const taken = hostPortTaken(neighbours, parsed.port);
    if (taken) throw taken;
    return { kind: 'port', service: target.service, port: target.port, host_port: parsed.port };
  }

  const proxy = neighbours.find((other) => other.stored.app.id === choice.extension_app_id);
  if (!proxy) throw refuse('APP_EXTENSION_PROVIDER', ExtensionText.providerMissing);
  if (proxy.stored.app.extension !== 'expose')
    throw refuse('APP_EXTENSION_PROVIDER', ExtensionText.notAProvider(proxy.stored.app.name));
  const { domains, error } = parseDomains(variableOf(stored, template, ExposeVariables.domains));
  if (error) throw refuse('APP_EXTENSION', error);
  for (const other of neighbours) {
    const theirs = exposeValueOf(other.stored.app);
    if (!theirs || theirs.extension_app_id === other.stored.app.id) continue;
    const taken = parseDomains(neighbourVariable(other, ExposeVariables.domains)).domains;
    const clash = domains.find((domain) => taken.includes(domain));
    if (clash) throw refuse('APP_DOMAIN_TAKEN', ExtensionText.domainTaken(clash, other.stored.app.name));
  }
  return {
    kind: 'proxy',
    proxy_app_id: proxy.stored.app.id,
    service: target.service,
    port: target.port,
    domains,
  };
}
