/**
 * For onRoute hooks that give a route the checks it declares (access.ts, security.ts): the hooks
 * of one kind with `hook` first, ahead of any the route declares itself.
 */
export function withHookFirst<Hook>(hook: Hook, declared: Hook | Hook[] | undefined): Hook[] {
  if (declared === undefined) return [hook];
  return [hook, ...(Array.isArray(declared) ? declared : [declared])];
}
