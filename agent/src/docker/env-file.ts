/**
 * The env file that carries an app's variables to compose for interpolation (`--env-file`), so
 * they never become the environment of the compose process itself (PYTHONPATH, LD_PRELOAD, ...).
 * The two compose implementations read env files differently; each value must come back exactly.
 */
import { COMPOSE_SELECTION_VARIABLES, NameText } from 'contract';

export type EnvFileDialect = 'v1' | 'v2';

/** The project's own `.env`: what plain Compose reads for interpolation when no env file is given. */
export const PROJECT_DOTENV = '.env';

/**
 * A line of a `.env` that sets a COMPOSE_* or DOCKER_* name (a quoted key or `export` included).
 * Deliberately wider than any dotenv parser: a false alarm is a refusal, never a steered compose.
 */
const STEERING_LINE = /^\s*(?:export\s+)?['"]?((?:COMPOSE|DOCKER)_[A-Za-z0-9_.-]*)/i;

/**
 * Why the project's `.env` cannot be handed to compose, or null. It is read with the app's
 * variables in one env file, so it must not steer compose either.
 */
export function projectDotenvError(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const name = STEERING_LINE.exec(line)?.[1];
    if (name === undefined) continue;
    return COMPOSE_SELECTION_VARIABLES.includes(name)
      ? `${PROJECT_DOTENV} sets ${name}: set it as a variable of the app instead, where Dockhand reads it`
      : `${PROJECT_DOTENV}: ${NameText.variableSteersCompose(name)}`;
  }
  return null;
}

/**
 * The env file compose runs with: the project's `.env` first, as plain Compose would read it, then
 * the app's variables, which win (later lines win in both dotenv dialects), as the shell's
 * environment wins over `.env` in plain Compose.
 */
export function composeEnvText(
  projectDotenv: string,
  variables: Record<string, string>,
  dialect: EnvFileDialect,
): string {
  const dotenv = projectDotenv && !projectDotenv.endsWith('\n') ? `${projectDotenv}\n` : projectDotenv;
  return dotenv + envFileText(variables, dialect);
}

/**
 * python-dotenv (compose v1) expands `${...}` even inside single quotes and has no escape for it.
 * A `${` is written as `${<this>}{`, this name holding a lone `$`: the dot keeps it out of reach
 * of app variable names and of compose's own interpolation.
 */
const V1_DOLLAR = '__dockhand.dollar';

export function envFileText(variables: Record<string, string>, dialect: EnvFileDialect): string {
  const lines = Object.entries(variables).map(([name, value]) =>
    dialect === 'v1' ? `${name}=${v1Value(value)}` : `${name}=${v2Value(value)}`,
  );
  if (dialect === 'v1') lines.unshift(`${V1_DOLLAR}='$'`);
  return `${lines.join('\n')}\n`;
}

/** Single quotes: `\\` and `\'` are the only escapes python-dotenv decodes there. */
function v1Value(value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\$\{/g, `\${${V1_DOLLAR}}{`);
  return `'${escaped}'`;
}

/**
 * Double quotes (compose-go's dotenv): `\\`, `\"` and `\$` are decoded, nothing else is expanded.
 * Single quotes cannot hold a backslash right before a quote there.
 */
function v2Value(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '\\$')}"`;
}
