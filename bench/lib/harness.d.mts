import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export const CHROMIUM_ARGS: string[];
export function freePort(): Promise<number>;
export function waitForHealth(base: string, child: ChildProcess, timeoutMs?: number): Promise<void>;
export function signIn(base: string, user?: { name?: string; email?: string }): Promise<string>;
export function rssMb(pid: number): number;
export function startProcess(
  command: string,
  args: string[],
  env?: Record<string, string | undefined>,
): ChildProcess & { output: string };
export function waitFor<T>(probe: () => Promise<T>, what: string, timeoutMs?: number): Promise<T>;
export function cpuMs(pid: number): number;
export function postgresBackends(database: string): number[];
export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** The throwaway PostgreSQL database, or null on SQLite. */
  databaseName: string | null;
  sql(statement: string, parameters?: unknown[]): Promise<void>;
  stop(): Promise<void>;
}
export function startServer(
  engine: 'sqlite' | 'postgres',
  options?: { main?: string; nodeArgs?: string[]; env?: Record<string, string> },
): Promise<BenchServer>;
export function apiCall(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each route answers its own shape
export function benchTemplate(imageTag: string, fields: Record<string, unknown>): Record<string, unknown>;
export function createDatabase(): Promise<{ name: string; url: string }>;
export function dropDatabase(name: string): Promise<void>;
export function runWrk(
  url: string,
  token: string,
  options: { connections: number; seconds: number },
): { perSecond: number; p50: number; p99: number; non2xx: string };
export function requireWrk(): void;
export function median(values: number[]): number;
export function loadAverage(): string;
export function ratio(value: number, smallest: number): string;
export function startTimelineTrace(cdp: {
  on(event: string, listener: (params: { value: object[] }) => void): unknown;
  once(event: string, listener: () => void): unknown;
  send(method: string, params?: object): Promise<unknown>;
}): Promise<() => Promise<object[]>>;
