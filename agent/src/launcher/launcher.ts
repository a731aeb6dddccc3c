import { spawn, type ChildProcess } from 'node:child_process';
import { access, copyFile, mkdir, rename } from 'node:fs/promises';
import {
  nextBundle,
  previousBundle,
  readUpdateState,
  writeUpdateState,
  type AgentToLauncher,
} from './update-state.js';

export interface LauncherOptions {
  nodePath: string;
  bundlePath: string;
  stateDir: string;
  /** How long a new version has to connect and report healthy before it is rolled back (60 s). */
  trialMs: number;
  env: NodeJS.ProcessEnv;
  log(message: string): void;
}

interface Trial {
  version: string;
  previous: string;
  timer: NodeJS.Timeout;
  /** Set when the launcher itself ended the trial (timeout): the reason the rollback names. */
  failure?: string;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Runs the agent bundle as its child and owns the bundle files. On the agent's `switch` it
 * installs the staged bundle (keeping the previous one) and starts a trial: the new version must
 * say it is healthy within `trialMs`, or it is stopped and the previous bundle restored and
 * started. A crash outside a trial is restarted with backoff. This file never changes with updates.
 */
export class Launcher {
  private child: ChildProcess | null = null;
  private pendingSwitch: { version: string; from: string } | null = null;
  private trial: Trial | null = null;
  private stopping: (() => void) | null = null;
  private crashes = 0;
  private startedAt = 0;

  constructor(private readonly options: LauncherOptions) {}

  async start(): Promise<void> {
    // The agent makes its state folder too, but the launcher runs first on a fresh install.
    await mkdir(this.options.stateDir, { recursive: true, mode: 0o700 });
    const state = await readUpdateState(this.options.stateDir);
    // The launcher stopped mid-trial (reboot, restart): the new version never proved itself.
    if (state?.status === 'trial' && (await exists(previousBundle(this.options.bundlePath)))) {
      await this.restorePrevious(state.version, state.previous_version, 'the trial was interrupted');
    }
    this.spawnAgent();
  }

  /** Stops the agent (SIGTERM, SIGKILL after 5 s) and resolves once it exited. */
  stop(): Promise<void> {
    const child = this.child;
    if (this.trial) clearTimeout(this.trial.timer);
    if (!child) return Promise.resolve();
    return new Promise((resolve) => {
      this.stopping = resolve;
      this.terminate(child);
    });
  }

  private spawnAgent(): void {
    const { nodePath, bundlePath, env } = this.options;
    const child = spawn(nodePath, [bundlePath], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...env, DOCKHAND_AGENT_BUNDLE: bundlePath },
    });
    this.child = child;
    this.startedAt = Date.now();
    child.on('message', (message: AgentToLauncher) => this.onMessage(message));
    child.on('exit', (code, signal) => void this.onExit(child, code, signal));
    child.on('error', (error) => this.options.log(`could not start the agent: ${error.message}`));
  }

  private onMessage(message: AgentToLauncher): void {
    if (message?.type === 'switch' && typeof message.version === 'string') {
      this.pendingSwitch = { version: message.version, from: String(message.from) };
      if (this.child) this.terminate(this.child);
    } else if (message?.type === 'healthy' && this.trial && message.version === this.trial.version) {
      const { version, previous, timer } = this.trial;
      clearTimeout(timer);
      this.trial = null;
      this.options.log(`agent ${version} is healthy; update complete`);
      void writeUpdateState(this.options.stateDir, {
        status: 'succeeded',
        version,
        previous_version: previous,
        at: Date.now(),
      });
    }
  }

  private async onExit(
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): Promise<void> {
    if (this.child !== child) return;
    this.child = null;
    if (this.stopping) {
      this.stopping();
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (this.trial) {
      const { version, previous, timer, failure } = this.trial;
      clearTimeout(timer);
      this.trial = null;
      await this.restorePrevious(version, previous, failure ?? `it exited (${how}) before it came online`);
      this.spawnAgent();
      return;
    }
    if (this.pendingSwitch) {
      const { version, from } = this.pendingSwitch;
      this.pendingSwitch = null;
      if (await this.installStaged(version, from)) return;
    }
    // A crash outside a trial: restart like systemd would, backing off while it keeps crashing.
    this.crashes = Date.now() - this.startedAt > 30_000 ? 0 : this.crashes + 1;
    const delay = Math.min(1000 * 2 ** Math.max(this.crashes - 1, 0), 30_000);
    this.options.log(`agent exited (${how}); restarting in ${delay} ms`);
    setTimeout(() => this.spawnAgent(), this.crashes === 0 ? 0 : delay);
  }

  private async installStaged(version: string, from: string): Promise<boolean> {
    const { bundlePath, stateDir, trialMs } = this.options;
    if (!(await exists(nextBundle(bundlePath)))) {
      this.options.log(`no staged bundle for ${version}; staying on ${from}`);
      return false;
    }
    await copyFile(bundlePath, previousBundle(bundlePath));
    await rename(nextBundle(bundlePath), bundlePath);
    await writeUpdateState(stateDir, { status: 'trial', version, previous_version: from, at: Date.now() });
    this.options.log(`switched to agent ${version}; it has ${Math.round(trialMs / 1000)} s to come online`);
    const timer = setTimeout(() => {
      if (!this.trial || !this.child) return;
      this.trial.failure = `it did not come online within ${Math.round(trialMs / 1000)} s`;
      this.terminate(this.child);
    }, trialMs);
    this.trial = { version, previous: from, timer };
    this.spawnAgent();
    return true;
  }

  private async restorePrevious(version: string, previous: string, reason: string): Promise<void> {
    const { bundlePath, stateDir } = this.options;
    this.options.log(`update to ${version} failed (${reason}); rolling back to ${previous}`);
    await rename(previousBundle(bundlePath), bundlePath);
    await writeUpdateState(stateDir, {
      status: 'rolled_back',
      version,
      previous_version: previous,
      reason,
      at: Date.now(),
    });
  }

  private terminate(child: ChildProcess): void {
    child.kill('SIGTERM');
    const kill = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 5000);
    kill.unref();
    child.once('exit', () => clearTimeout(kill));
  }
}
