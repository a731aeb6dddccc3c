/**
 * The setup of the API tests against a simulated agent: the app listening (the agent connects to
 * its websocket), an owner signed in with an organization, and the agent paired to it on a plan.
 */
import { setAgentPlan } from '../agents/agent-store.js';
import type { Answer } from './real-stack.js';
import { signIn, type TestUser } from './sign-in.js';
import {
  createAgentKeys,
  pairSimulatedAgent,
  SimulatedAgent,
  type RequestHandler,
} from './simulated-agent.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface PairedAgent {
  testApp: TestApp;
  owner: TestUser;
  organizationId: string;
  agent: SimulatedAgent;
  agentId: string;
}

export async function startWithPairedAgent(options: {
  /** The owner's email. */
  email: string;
  /** The owner's name (default: the email's local part). */
  name?: string;
  organization: string;
  plan: 'free' | 'paid';
  /** How the agent answers the server's requests. */
  answer: RequestHandler;
}): Promise<PairedAgent> {
  const testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const owner = await signIn(testApp.app, options.email, options.name);
  const organizationId = (
    await callAs(testApp, owner, 'POST', '/api/v1/organization/create-organization', {
      name: options.organization,
    })
  ).data.id as string;
  const agent = new SimulatedAgent(await createAgentKeys(), options.answer);
  const agentId = await pairSimulatedAgent(testApp.app, agent, owner, organizationId);
  await setAgentPlan(testApp.app.dockhand.db, agentId, { status: options.plan, source: null });
  return { testApp, owner, organizationId, agent, agentId };
}

export async function stopPairedAgent(setup: PairedAgent | undefined): Promise<void> {
  setup?.agent.close();
  await setup?.testApp.close();
}

/** One API call as `user`, in process, with the answer's HTTP status. */
export async function callAs(
  testApp: TestApp,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<Answer> {
  const response = await testApp.app.inject({ method, url, headers: user.headers, payload: body });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}
