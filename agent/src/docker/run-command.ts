import { execFile } from 'node:child_process';

/** Everything one external command did: what ran, what it printed and how it ended. */
export interface CommandResult {
  command: string;
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface RunOptions {
  cwd?: string;
  /** The complete environment of the child (nothing is inherited implicitly). */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Receives what the command prints as it prints it (the result still carries all of it). */
  onOutput?: (text: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting it kills the command (SIGTERM), as a timeout does. */
  signal?: AbortSignal;
}

/**
 * The one place the agent starts external programs. Arguments are an array handed to execFile:
 * no shell ever parses them, so app names, filenames and variable values are never interpreted.
 */
export function runCommand(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 10 * 60 * 1000,
        maxBuffer: 16 * 1024 * 1024,
        shell: false,
        signal: options.signal,
      },
      (error, stdout, stderr) => {
        let exitCode = 0;
        if (error) {
          const code = (error as NodeJS.ErrnoException & { code?: number | string }).code;
          exitCode = typeof code === 'number' ? code : 127;
          if (options.signal?.aborted) stderr = `${stderr}\n${command} was stopped`;
          else if (error.killed) stderr = `${stderr}\n${command} timed out`;
          else if (typeof code === 'string') stderr = `${stderr}\n${error.message}`;
        }
        resolve({ command, args, stdout: String(stdout), stderr: String(stderr), exitCode });
      },
    );
    const { onOutput } = options;
    if (onOutput) {
      child.stdout?.on('data', (chunk: Buffer | string) => onOutput(String(chunk), 'stdout'));
      child.stderr?.on('data', (chunk: Buffer | string) => onOutput(String(chunk), 'stderr'));
    }
  });
}
