/**
 * Finds the variables a Compose-style file refers to: `$NAME`, `${NAME}` and the modifier forms
 * `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`, `${NAME:+alt}`,
 * `${NAME+alt}`. `$$` is an escaped dollar and refers to nothing.
 */

type ReferenceModifier = '' | ':-' | '-' | ':?' | '?' | ':+' | '+';

export interface VariableReference {
  name: string;
  modifier: ReferenceModifier;
  /** True when the file still works with the variable unset (a default or an alternative). */
  worksWhenUnset: boolean;
}

// The text after a modifier is not consumed, so references nested in a default are found too.
const REFERENCE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(:-|-|:\?|\?|:\+|\+|\})|([A-Za-z_][A-Za-z0-9_]*))/g;

const WORKS_WHEN_UNSET: ReadonlySet<ReferenceModifier> = new Set(['-', ':-', '+', ':+']);

export function findVariableReferences(content: string): VariableReference[] {
  const references: VariableReference[] = [];
  for (const match of content.matchAll(REFERENCE)) {
    const name = match[1] ?? match[3];
    if (name === undefined) continue; // `$$`
    const modifier = (match[2] === '}' ? '' : (match[2] ?? '')) as ReferenceModifier;
    references.push({ name, modifier, worksWhenUnset: WORKS_WHEN_UNSET.has(modifier) });
  }
  return references;
}
