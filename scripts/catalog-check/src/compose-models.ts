import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { configSubcommand, detectComposeCli, type ComposeCli } from '../../../agent/src/docker/compose.js';
import { parseComposeYaml } from '../../../agent/src/docker/compose-yaml.js';
import { runCommand } from '../../../agent/src/docker/run-command.js';

/** One project to resolve: its folder, compose files (relative to it) and interpolation variables. */
export interface ComposeProjectRequest {
  directory: string;
  files: string[];
  variables: Record<string, string>;
}

type Resolution = { model: unknown } | { error: string };

export interface Resolutions {
  results: Resolution[];
  /** How they were resolved, for the report. */
  resolver: string;
}

const V1_RESOLVER = fileURLToPath(new URL('./resolve-compose-v1.py', import.meta.url));

/**
 * Every project as Compose resolves it. Compose v1 (a Python program) spends half a second of CPU
 * starting: where its library can be imported, all projects go through one interpreter running
 * v1's own `config` code. Otherwise each runs `compose config` (v2 is quick to start), in parallel.
 */
export async function resolveComposeModels(requests: ComposeProjectRequest[]): Promise<Resolutions> {
  const cli = await detectComposeCli();
  const python = cli.version && cli.version.major < 2 ? await v1Interpreter(cli) : null;
  if (python)
    return {
      results: await resolveInOneProcess(python, requests, cli),
      resolver: `compose ${cli.version?.version} library, one process`,
    };
  return {
    results: await resolveEachWithCli(cli, requests),
    resolver: `${[cli.command, ...cli.baseArgs].join(' ')} ${cli.version?.version ?? ''} config, in parallel`,
  };
}

/** The Python docker-compose v1 runs with (its script's #! line), if it can import compose there. */
async function v1Interpreter(cli: ComposeCli): Promise<string | null> {
  const which = await runCommand('sh', ['-c', 'command -v "$0"', cli.command]);
  const script = which.stdout.trim();
  if (which.exitCode !== 0 || !script) return null;
  const firstLine = fs.readFileSync(script, 'utf8').split('\n', 1)[0] ?? '';
  const interpreter = /^#!\s*(\S+python\S*)\s*$/.exec(firstLine)?.[1];
  if (!interpreter) return null;
  const probe = await runCommand(interpreter, ['-c', 'import compose.config.config'], {
    env: { ...process.env, ...cli.env },
  });
  return probe.exitCode === 0 ? interpreter : null;
}

async function resolveInOneProcess(
  python: string,
  requests: ComposeProjectRequest[],
  cli: ComposeCli,
): Promise<Resolution[]> {
  const child = spawn(python, [V1_RESOLVER], {
    env: { ...process.env, ...cli.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  // v1 warns on stderr about every unset variable; only a crash's last words are worth keeping.
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (const request of requests) child.stdin.write(`${JSON.stringify(request)}\n`);
  child.stdin.end();
  const results: Resolution[] = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    results.push(JSON.parse(line) as Resolution);
  }
  const code = await exited;
  if (results.length !== requests.length)
    throw new Error(
      `the compose v1 resolver stopped (exit ${code}) after ${results.length} of ${requests.length}: ${stderr}`,
    );
  return results;
}

async function resolveEachWithCli(cli: ComposeCli, requests: ComposeProjectRequest[]): Promise<Resolution[]> {
  const results: Resolution[] = new Array<Resolution>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] as ComposeProjectRequest;
      const files = request.files.flatMap((file) => ['--file', file]);
      const result = await runCommand(
        cli.command,
        [...cli.baseArgs, '--project-directory', request.directory, ...files, ...configSubcommand(cli)],
        {
          cwd: request.directory,
          env: { ...process.env, ...cli.env, ...request.variables },
          timeoutMs: 60_000,
        },
      );
      results[index] =
        result.exitCode === 0
          ? { model: await parseComposeYaml(result.stdout) }
          : { error: result.stderr.trim() || `exit ${result.exitCode}` };
    }
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), 4) }, worker));
  return results;
}
