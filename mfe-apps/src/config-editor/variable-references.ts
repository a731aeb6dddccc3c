/**
 * Compose-style variable references in file contents: `$NAME`, `${NAME}` and `${NAME<modifier>}`
 * (`:-default`, `-default`, `:?message`, `?message`, `:+alt`, `+alt`, `:=x`, `=x`). `$$` is an
 * escaped dollar and starts no reference.
 */
const REFERENCE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?=[}:?+=-])|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Names of the variables a text refers to. */
export function referencedVariables(content: string): Set<string> {
  const names = new Set<string>();
  for (const match of content.matchAll(REFERENCE)) {
    const name = match[1] ?? match[2];
    if (name) names.add(name);
  }
  return names;
}

export function referencesVariable(content: string, name: string): boolean {
  return referencedVariables(content).has(name);
}

/** Rewrites every reference to `from` into a reference to `to`, keeping modifiers and defaults. */
export function rewriteVariableReferences(content: string, from: string, to: string): string {
  return content.replace(REFERENCE, (match, braced: string | undefined, bare: string | undefined) => {
    if (braced === from) return `\${${to}`;
    if (bare === from) return `$${to}`;
    return match;
  });
}
