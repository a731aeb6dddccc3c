import type { ComposeRunner } from '../docker/compose.js';
import type { ComposeObserver } from '../docker/compose-observer.js';
import type { ComposeProject } from '../docker/compose-project.js';
import type { HeldCommand } from '../docker/held-command.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { refusalMessage, type AdmissionPolicy } from './admission-policy.js';
import { checkComposeModel } from './check-compose-model.js';
import { checkComposeSources } from './check-compose-sources.js';
import { engineSockets, realHostPath } from './host-paths.js';

/** What passed admission: the model it checked and the compose command that follows it. */
export interface Admitted {
  /** The resolved model (undefined when the host allows everything: none was read). */
  model: unknown;
  /** `next`, started beside `config` and held: the caller releases it, or discards it on failure. */
  next: HeldCommand;
}

/** Runs before every compose command that creates containers, pulls or builds (up, pull). */
export class Admission {
  private readonly sockets: string[];

  constructor(
    readonly policy: AdmissionPolicy,
    dockerSocket: string,
  ) {
    this.sockets = engineSockets(dockerSocket);
  }

  /**
   * `filenames`: the app's files (relative to its project folder), for what compose reads itself.
   * `next` (e.g. `up -d`) starts once nothing outside the app's folder would be read, beside
   * `config`, and reaches Docker only when the caller releases it; a refusal or a failure here
   * discards it first, so a refused deploy never reached Docker. `observer`: the operation's, for
   * every command run here.
   */
  async admit(
    compose: ComposeRunner,
    project: ComposeProject,
    filenames: string[],
    next: string[],
    observer: ComposeObserver,
  ): Promise<Admitted> {
    if (this.policy.hostAccess)
      return { model: undefined, next: await compose.startHeld(project, next, observer) };
    const { deploy } = observer;
    // The held command's gates are engine sockets too.
    const gates = compose.engineGatesDir;
    const sockets = gates ? [...this.sockets, realHostPath(gates)] : this.sockets;
    const context = { policy: this.policy, projectDir: project.directory, sockets };
    const refusals = await checkComposeSources(filenames, context);
    if (refusals.length > 0) throw new AgentError(AgentErrorCode.PolicyRefused, refusalMessage(refusals));
    deploy?.mark('sources');
    // Only resolve the model once nothing outside the app's folder would be read to do so.
    const held = await compose.startHeld(project, next, observer);
    deploy?.mark('held-started');
    try {
      const model = await compose.resolvedModel(project, observer);
      deploy?.mark('config');
      refusals.push(...checkComposeModel(model, context));
      deploy?.mark('policy');
      if (refusals.length > 0) throw new AgentError(AgentErrorCode.PolicyRefused, refusalMessage(refusals));
      return { model, next: held };
    } catch (error) {
      await held.discard();
      throw error;
    }
  }
}
