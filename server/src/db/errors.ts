/**
 * The database's failures a user can act on (wait, or free disk space), told apart from bugs.
 * Services let driver errors pass; the HTTP edge asks `databaseFailureOf` what one means.
 */
import { DomainError } from '../errors/domain-error.js';

const databaseErrors = {
  unavailable: () => new DomainError('DATABASE_UNAVAILABLE', 'The service is briefly unavailable; retrying'),
  diskFull: () =>
    new DomainError(
      'DISK_FULL',
      "The server's disk is full, so nothing was saved. Free some space on the server and try again.",
    ),
} as const;

/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database cannot be reached now". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping or was restarted
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  'SQLITE_BUSY', // another writer held the file longer than busy_timeout
]);

/** node-postgres reports a lost or timed-out connection with these texts and no code. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** What a driver error means to a user, or null when it is a bug (a 500). */
export function databaseFailureOf(error: unknown): DomainError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLITE_FULL; PostgreSQL's 53100 disk_full.
    if (code === 'SQLITE_FULL' || code === '53100') return databaseErrors.diskFull();
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_BUSY'))
      return databaseErrors.unavailable();
  }
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => databaseFailureOf(inner)?.code === 'DATABASE_UNAVAILABLE')
  )
    return databaseErrors.unavailable();
  if (UNREACHABLE_MESSAGE.test(error.message)) return databaseErrors.unavailable();
  return null;
}
