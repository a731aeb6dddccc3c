import type { ComposeProject, ComposeRunner } from '../docker/compose.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { refusalMessage, type AdmissionPolicy } from './admission-policy.js';
import { checkComposeModel } from './check-compose-model.js';
import { checkComposeSources } from './check-compose-sources.js';
import { engineSockets } from './host-paths.js';

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
   * Returns the resolved model it checked (undefined when the host allows everything), so the
   * deploy need not ask compose for it again.
   */
  async admit(compose: ComposeRunner, project: ComposeProject, filenames: string[]): Promise<unknown> {
    if (this.policy.hostAccess) return undefined;
    const context = { policy: this.policy, projectDir: project.directory, sockets: this.sockets };
    const refusals = await checkComposeSources(filenames, context);
    // Only resolve the model once nothing outside the app's folder would be read to do so.
    const model = refusals.length === 0 ? await compose.resolvedModel(project) : undefined;
    if (refusals.length === 0) refusals.push(...checkComposeModel(model, context));
    if (refusals.length > 0) throw new AgentError(AgentErrorCode.PolicyRefused, refusalMessage(refusals));
    return model;
  }
}
