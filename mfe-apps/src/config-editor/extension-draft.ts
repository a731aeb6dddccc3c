/**
 * The Extension panel's part of the draft (spec section 2, 'Extension panel'; contract
 * rules/extensions.ts): which app exposes this one, the items that choice contributes (a proxy's
 * domains, Expose Port's host port) and, for a custom app, the service and container port served.
 * The values the user types are user variables overriding the contributed items, as the server
 * reads them.
 */
import {
  CONTRIBUTED_ID_PREFIX,
  contributedVariables,
  ExposeVariables,
  parseDomains,
  parseHostPort,
  serviceNameError,
  type AppListItem,
  type ExtensionValue,
  type SupportedExtension,
} from 'shared';
import { overrideVariable, setVariableValue, type ConfigDraft, type DraftEntry } from './config-draft';

/** An app of the same server that provides an extension (the catalog's Caddy provides expose). */
export interface ProviderApp {
  id: string;
  name: string;
  /** The extension it provides. */
  extension: string;
}

/** The server's apps that provide an extension (the Extension panel's 'Expose via {app name}'). */
export function providerApps(apps: readonly AppListItem[] | undefined): ProviderApp[] {
  return (apps ?? []).flatMap((app) =>
    app.extension ? [{ id: app.id, name: app.name, extension: app.extension }] : [],
  );
}

/** A contributed item is shown in the Extension panel, not among the app's own variables. */
export function isContributed(entry: DraftEntry): boolean {
  return entry.type === 'inherited' && entry.id.startsWith(CONTRIBUTED_ID_PREFIX);
}

type ExtensionName = ExtensionValue['extension'];

/** The app that provides `extension` to this one; null for None. */
export function chosenProvider(draft: ConfigDraft, extension: ExtensionName): string | null {
  return draft.extensionValues.find((value) => value.extension === extension)?.extension_app_id ?? null;
}

/** A custom app's service and port while nothing is typed yet. */
const NEW_SUPPORTED = { service: '', port: 80 };

function supportedIsValid(entry: SupportedExtension): boolean {
  return !serviceNameError(entry.service) && !parseHostPort(String(entry.port)).error;
}

/**
 * Chooses the app that provides `extension` (null: None). The items of the old choice go, with the
 * values typed for items the new choice no longer contributes; a custom app gets a service and port
 * to fill in, and drops them on None unless they are complete.
 */
export function chooseExtension(
  draft: ConfigDraft,
  extension: ExtensionName,
  providerId: string | null,
  custom: boolean,
): ConfigDraft {
  const extensionValues = [
    ...draft.extensionValues.filter((value) => value.extension !== extension),
    ...(providerId ? [{ extension, extension_app_id: providerId }] : []),
  ];
  const contributed = contributedVariables(draft.appId, extensionValues);
  const kept = new Set(contributed.map((variable) => variable.name));
  const dropped = new Set(
    draft.variables
      .filter(isContributed)
      .flatMap((variable) => (kept.has(variable.name) ? [] : [variable.name])),
  );
  const variables = draft.variables.filter(
    (variable) => !isContributed(variable) && !(variable.type === 'user' && dropped.has(variable.name)),
  );
  let supportedExtensions = draft.supportedExtensions;
  if (custom) {
    const current = supportedExtensions.find((entry) => entry.extension === extension);
    const others = supportedExtensions.filter((entry) => entry.extension !== extension);
    if (providerId) supportedExtensions = [...others, current ?? { extension, ...NEW_SUPPORTED }];
    else if (current && !supportedIsValid(current)) supportedExtensions = others;
  }
  return {
    ...draft,
    extensionValues,
    supportedExtensions,
    variables: [...variables, ...contributed.map((variable) => ({ ...variable, value: '' }))],
  };
}

/** The value typed for a contributed item: its user override, made on the first keystroke. */
export function setContributedValue(draft: ConfigDraft, contributedId: string, value: string): ConfigDraft {
  const item = draft.variables.find((variable) => variable.id === contributedId && isContributed(variable));
  if (!item) return draft;
  const ownOf = (of: ConfigDraft) =>
    of.variables.find((variable) => variable.type === 'user' && variable.name === item.name);
  const own = ownOf(draft);
  if (own) return setVariableValue(draft, own.id, value);
  const overridden = overrideVariable(draft, contributedId);
  const copy = ownOf(overridden);
  return copy ? setVariableValue(overridden, copy.id, value) : draft;
}

/** A custom app's service or container port for `extension`. */
export function setSupportedExtension(
  draft: ConfigDraft,
  extension: ExtensionName,
  change: Partial<Omit<SupportedExtension, 'extension'>>,
): ConfigDraft {
  return {
    ...draft,
    supportedExtensions: draft.supportedExtensions.map((entry) =>
      entry.extension === extension ? { ...entry, ...change } : entry,
    ),
  };
}

/** The value the app will deploy with for contributed item `name`: the user's, else empty. */
export function contributedValue(draft: ConfigDraft, name: string): string {
  return draft.variables.find((variable) => variable.type === 'user' && variable.name === name)?.value ?? '';
}

/** The error of one contributed item's value, with the server's messages. */
export function contributedValueError(name: string, value: string): string | null {
  if (name === ExposeVariables.domains) return parseDomains(value).error;
  if (name === ExposeVariables.hostPort) return parseHostPort(value).error;
  return null;
}

/** The error of a custom app's service or container port. */
export function supportedErrors(entry: SupportedExtension): { service: string | null; port: string | null } {
  return { service: serviceNameError(entry.service), port: parseHostPort(String(entry.port)).error };
}

/** What the panel's choices still need, in the words the server would refuse them with. */
export function extensionErrors(draft: ConfigDraft): string[] {
  const errors: string[] = [];
  for (const entry of draft.supportedExtensions) {
    const { service, port } = supportedErrors(entry);
    for (const error of [service, port]) if (error) errors.push(error);
  }
  for (const item of draft.variables.filter(isContributed)) {
    const error = contributedValueError(item.name, contributedValue(draft, item.name));
    if (error) errors.push(error);
  }
  return errors;
}
