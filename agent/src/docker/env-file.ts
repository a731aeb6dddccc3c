/**
 * The env file that carries an app's variables to compose for interpolation (`--env-file`), so
 * they never become the environment of the compose process itself (PYTHONPATH, LD_PRELOAD, ...).
 * The two compose implementations read env files differently; each value must come back exactly.
 */
export type EnvFileDialect = 'v1' | 'v2';

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
