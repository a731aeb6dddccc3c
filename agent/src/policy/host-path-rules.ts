import path from 'node:path';
import type { AdmissionPolicy } from './admission-policy.js';
import { isInside, realHostPath } from './host-paths.js';

export interface AdmissionContext {
  policy: AdmissionPolicy;
  /** The app's compose folder: always allowed for bind mounts and builds. */
  projectDir: string;
  /**
   * Engine sockets (see engineSockets) and folders of them (the agent's gates, see EngineGate);
   * refused in any form unless the host allows host access.
   */
  sockets: string[];
}

/** Bind mounts: inside the app's folder or an allowed root, and never an engine socket. */
export class HostPathRules {
  private readonly allowed: string[];

  constructor(private readonly context: AdmissionContext) {
    this.allowed = [context.projectDir, ...context.policy.bindRoots].map(realHostPath);
  }

  bindProblem(source: string): string | null {
    const real = this.real(source);
    const socket = 'gives the container the Docker socket (control of the host)';
    if (this.context.sockets.some((path) => isInside(real, path))) return socket;
    if (!this.allowed.some((root) => isInside(real, root)))
      return "bind-mounts a host folder outside the app's folder and the allowed folders";
    // An allowed folder that holds the socket (an allowed root of /run) still does not give it.
    return this.context.sockets.some((path) => isInside(path, real)) ? socket : null;
  }

  /** Also for files compose reads (env files, extends); relative to `baseDir` when given. */
  buildProblem(source: string, baseDir = this.context.projectDir): string | null {
    return this.allowed.some((root) => isInside(this.real(source, baseDir), root))
      ? null
      : "reads host files outside the app's folder and the allowed folders";
  }

  private real(source: string, baseDir = this.context.projectDir): string {
    const expanded = source.replace(/^~(?=\/|$)/, process.env.HOME ?? '/root');
    return realHostPath(path.resolve(baseDir, expanded));
  }
}
