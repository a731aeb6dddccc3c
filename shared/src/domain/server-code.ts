/** The agent pairing code: 6 characters, uppercased, entered one per box (spec section 5). */
export const SERVER_CODE_LENGTH = 6;

/** Uppercases and keeps only letters and digits, so pasting 'abc-123' gives 'ABC123'. */
export function normalizeServerCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, SERVER_CODE_LENGTH);
}

/** Shows a code as XXX-XXX (a partial code shows what exists so far). */
export function formatServerCode(code: string): string {
  const clean = normalizeServerCode(code);
  return clean.length > 3 ? `${clean.slice(0, 3)}-${clean.slice(3)}` : clean;
}

export function isServerCodeComplete(code: string): boolean {
  return code.replace(/[^A-Za-z0-9]/g, '').length === SERVER_CODE_LENGTH;
}

/** Connect is enabled only with 6 characters and a chosen organization. */
export function canConnectServer(code: string, organizationId: string | null | undefined): boolean {
  return isServerCodeComplete(code) && Boolean(organizationId);
}
