import type { ParseOptions, DocumentOptions, SchemaOptions, ToJSOptions } from 'yaml';

/**
 * Parses a compose file's YAML. The parser is imported on first use: only deploys and checks of
 * an app's files read YAML, so an agent that waits for work never holds it in memory (the bundle
 * carries it as a module parsed on that first import: scripts/bundle.mjs).
 */
export async function parseComposeYaml(
  text: string,
  options?: ParseOptions & DocumentOptions & SchemaOptions & ToJSOptions,
): Promise<unknown> {
  const { parse } = await import('yaml');
  return parse(text, options) as unknown;
}
