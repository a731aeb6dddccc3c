import { randomInt } from 'node:crypto';

/** No look-alikes: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V. */
const PAIRING_ALPHABET = '3467ACDEFGHJKMNPQRTWXY9';
const PAIRING_CODE_LENGTH = 6;

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** What a user typed ('abc-def', ' ABCDEF ') in the stored form, or null if it cannot be a code. */
export function normalizePairingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((char) => PAIRING_ALPHABET.includes(char)) ? code : null;
}
