/**
 * Each request's logger (`request.log`), made only once something logs for that request. Fastify
 * gives every request a pino child logger carrying its request id, and making one serialises its
 * bindings: a few microseconds on each call, most of which log nothing at the usual levels (the
 * request lines are `info`, the default level `warn`). What is logged, and how, does not change.
 */
import type { FastifyBaseLogger, LogLevel } from 'fastify';

type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/** pino's level numbers: a call logs when its level's is at least the logger's. */
const LEVEL_VALUES: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/** A level pino does not know (a custom one) counts as the lowest: pino then decides. */
function levelValue(level: string): number {
  return LEVEL_VALUES[level as LogLevel] ?? 0;
}

class LazyRequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: ChildArgs[0];
  readonly #options: ChildArgs[1];
  /** The level's number: calls below it log nothing. */
  #threshold: number;

  constructor(parent: FastifyBaseLogger, bindings: ChildArgs[0], options: ChildArgs[1]) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = levelValue(options?.level ?? parent.level);
  }

  get level(): string {
    return this.#made?.level ?? this.#options?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
    this.#threshold = levelValue(level);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.#logger().child(...args);
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #log(level: Exclude<LogLevel, 'silent'>, args: unknown[]): void {
    if (LEVEL_VALUES[level] < this.#threshold) return;
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }
}

/** Fastify's `childLoggerFactory`. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: ChildArgs[0],
  options: ChildArgs[1],
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
