import { EXPOSE, ExposeVariables, parseDomains, parseHostPort, type AppDetails } from 'shared';

/** The value the app was saved with for `name`: its own variable's, else the inherited one's. */
function savedValue(details: AppDetails, name: string): string {
  const entries = details.config.variables.filter((variable) => variable.name === name);
  const entry = entries.find((variable) => variable.type === 'user') ?? entries[0];
  return entry ? (details.variables[entry.id] ?? '') : '';
}

/**
 * Where the app answers from outside (issue 16): https://{domain} for each domain of a proxy
 * exposure, http://{server ip}:{port} for Expose Port (none while the server's IP is unknown).
 */
export function publicAddresses(details: AppDetails, serverIp: string | null): string[] {
  const choice = details.config.extension_values.find((value) => value.extension === EXPOSE);
  if (!choice) return [];
  if (choice.extension_app_id === details.config.id) {
    const { port, error } = parseHostPort(savedValue(details, ExposeVariables.hostPort));
    if (error || !serverIp) return [];
    const host = serverIp.includes(':') ? `[${serverIp}]` : serverIp; // an IPv6 address
    return [`http://${host}:${port}`];
  }
  return parseDomains(savedValue(details, ExposeVariables.domains)).domains.map(
    (domain) => `https://${domain}`,
  );
}
