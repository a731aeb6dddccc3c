/** One app as compose runs it: the project every ComposeRunner command works on. */
export interface ComposeProject {
  name: string;
  directory: string;
  composeFiles: string[];
  /** `--profile` of each (COMPOSE_PROFILES). */
  profiles: string[];
  /** Interpolation variables (already decrypted); system entries of the environment win. */
  variables: Record<string, string>;
  /** Where they are written for `--env-file` (0600, outside the project folder). */
  envFile: string;
}

/** The agent's own paths of a project, which its messages replace by the user's filenames. */
export type ProjectPaths = Pick<ComposeProject, 'directory' | 'envFile'>;
