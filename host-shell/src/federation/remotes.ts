/** The remotes of the dashboard and what the host needs to know about them (not where they live). */
export type RemoteName = 'mfe-catalog' | 'mfe-apps' | 'mfe-server-settings' | 'mfe-organization';

/** The container name of a remote's build (a JavaScript identifier): mfe-catalog → mfe_catalog. */
export function federationNameOf(remote: string): string {
  return remote.replace(/[^a-zA-Z0-9_]/g, '_');
}

/** The key of the QA override query parameter: mfe-catalog → mfe.catalog. */
export function overrideParamOf(remote: string): string {
  return `mfe.${remote.replace(/^mfe-/, '')}`;
}
