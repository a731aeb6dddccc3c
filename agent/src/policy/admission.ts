import type { ComposeProject, ComposeRunner } from '../docker/compose.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { refusalMessage, type AdmissionPolicy } from './admission-policy.js';
import { checkComposeModel } from './check-compose-model.js';
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

  async admit(compose: ComposeRunner, project: ComposeProject): Promise<void> {
    if (this.policy.hostAccess) return;
    const model = await compose.resolvedModel(project);
    const refusals = checkComposeModel(model, {
      policy: this.policy,
      projectDir: project.directory,
      sockets: this.sockets,
    });
    if (refusals.length > 0) throw new AgentError(AgentErrorCode.PolicyRefused, refusalMessage(refusals));
  }
}
