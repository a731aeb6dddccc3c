/**
 * Compose-style variable references in file contents: `$NAME`, `${NAME}` and `${NAME<modifier>…}`
 * with the modifiers `:-` `-` (default), `:=` `=` (assign default), `:?` `?` (error), `:+` `+`
 * (alternative). `$$` is an escaped dollar and starts no reference. The text after a modifier
 * is not consumed, so references nested in a default are found too.
 */
import { VARIABLE_NAME_SOURCE } from './names.js';

export type ReferenceModifier = '' | ':-' | '-' | ':=' | '=' | ':?' | '?' | ':+' | '+';

export interface VariableReference {
  name: string;
  modifier: ReferenceModifier;
  /** True when the file still works with the variable unset (a default or an alternative). */
  worksWhenUnset: boolean;
}

const MODIFIER = '(:-|-|:=|=|:\\?|\\?|:\\+|\\+|\\})';
const REFERENCE = new RegExp(
  `\\$(?:\\$|\\{(${VARIABLE_NAME_SOURCE})${MODIFIER}|(${VARIABLE_NAME_SOURCE}))`,
  'g',
);
const WORKS_WHEN_UNSET: ReadonlySet<ReferenceModifier> = new Set([':-', '-', ':=', '=', ':+', '+']);

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

/** Names of the variables a text refers to. */
export function referencedVariables(content: string): Set<string> {
  return new Set(findVariableReferences(content).map((reference) => reference.name));
}

/** Rewrites every reference to `from` into a reference to `to`, keeping modifiers and defaults. */
export function rewriteVariableReferences(content: string, from: string, to: string): string {
  return content.replace(
    REFERENCE,
    (match, braced: string | undefined, modifier: string | undefined, bare: string | undefined) => {
      if (braced === from) return `\${${to}${modifier}`;
      if (bare === from) return `$${to}`;
      return match;
    },
  );
}
