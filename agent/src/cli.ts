import { AGENT_FEATURES, isAgentFeatureName } from 'contract';
import { AgentError, AgentErrorCode } from './errors.js';
import { bindRoot, loadHostConfig, pinnedVersion, writeHostConfig, type HostConfig } from './host-config.js';
import { POLICY_COMMAND } from './policy/admission-policy.js';
import { UPDATES_COMMAND } from './releases/update-policy.js';

const FEATURES_COMMAND = 'dockhand-agent features';

const USAGE = `Usage:
  ${POLICY_COMMAND} show                 the admission policy in this server's configuration
  ${POLICY_COMMAND} allow-bind <folder>  let apps bind-mount and build from <folder>
  ${POLICY_COMMAND} deny-bind <folder>   take <folder> off the allowed folders
  ${POLICY_COMMAND} host-access on|off   on: apps may do anything on this server (privileged, host
                                       namespaces, any folder, the Docker socket)
  ${POLICY_COMMAND} reset                back to the default policy
  ${UPDATES_COMMAND} show                how this agent may be updated
  ${UPDATES_COMMAND} off                 refuse updates started from the dashboard
  ${UPDATES_COMMAND} pin <version>       the dashboard may install <version> only
  ${UPDATES_COMMAND} on                  dashboard updates allowed again (removes a pin)
  ${FEATURES_COMMAND} show               which features the dashboard may use
  ${FEATURES_COMMAND} off <feature>      turn a feature off (${AGENT_FEATURES.join(', ')})
  ${FEATURES_COMMAND} on <feature>       turn it on again
Changes apply when the agent restarts (systemctl restart dockhand-agent).`;

type Print = (text: string) => void;

const GROUPS = ['policy', 'updates', 'features'];

/** Host-side commands (`dockhand-agent policy|updates|features ...`); returns the exit code. */
export async function runCli(args: string[], configFile: string, out: Print, err: Print): Promise<number> {
  const [group, action, value] = args;
  if (!group || !GROUPS.includes(group) || !action || action === 'help') {
    const asked = group !== undefined && GROUPS.includes(group) && action === 'help';
    (asked ? out : err)(USAGE);
    return asked ? 0 : 2;
  }
  try {
    const config = await loadHostConfig(configFile);
    if (action === 'show') {
      out(describe(config, configFile));
      return 0;
    }
    const next =
      group === 'updates'
        ? changeUpdates(config, action, value)
        : group === 'features'
          ? changeFeatures(config, action, value)
          : change(config, action, value);
    if (!next) {
      err(USAGE);
      return 2;
    }
    await writeHostConfig(configFile, next);
    out(`${describe(next, configFile)}\nRestart the agent to apply it: systemctl restart dockhand-agent`);
    return 0;
  } catch (error) {
    if (!(error instanceof AgentError)) throw error;
    err(error.message);
    return 1;
  }
}

function change(config: HostConfig, action: string, value: string | undefined): HostConfig | null {
  const { policy } = config;
  if (action === 'allow-bind' && value) {
    const root = bindRoot(value, 'the command line');
    const bindRoots = policy.bindRoots.includes(root) ? policy.bindRoots : [...policy.bindRoots, root];
    return { ...config, policy: { ...policy, bindRoots } };
  }
  if (action === 'deny-bind' && value) {
    const root = bindRoot(value, 'the command line');
    return { ...config, policy: { ...policy, bindRoots: policy.bindRoots.filter((r) => r !== root) } };
  }
  if (action === 'host-access' && (value === 'on' || value === 'off'))
    return { ...config, policy: { ...policy, hostAccess: value === 'on' } };
  if (action === 'reset') return { ...config, policy: { hostAccess: false, bindRoots: [] } };
  return null;
}

function changeUpdates(config: HostConfig, action: string, value: string | undefined): HostConfig | null {
  if (action === 'off') return { ...config, updates: { dashboard: false, pin: null } };
  if (action === 'on') return { ...config, updates: { dashboard: true, pin: null } };
  if (action === 'pin' && value)
    return { ...config, updates: { dashboard: true, pin: pinnedVersion(value, 'the command line') } };
  return null;
}

function changeFeatures(config: HostConfig, action: string, value: string | undefined): HostConfig | null {
  if ((action !== 'on' && action !== 'off') || value === undefined) return null;
  if (!isAgentFeatureName(value))
    throw new AgentError(
      AgentErrorCode.HostConfigInvalid,
      `${value} is not a feature (${AGENT_FEATURES.join(', ')})`,
    );
  const others = config.featuresOff.filter((name) => name !== value);
  return { ...config, featuresOff: action === 'off' ? [...others, value] : others };
}

function describe(config: HostConfig, file: string): string {
  const { policy, updates } = config;
  const roots = policy.bindRoots.length > 0 ? policy.bindRoots.join(', ') : 'none';
  const dashboardUpdates = !updates.dashboard
    ? 'off (managed on this host)'
    : updates.pin
      ? `pinned to ${updates.pin} (managed on this host)`
      : 'allowed (signed releases only)';
  return [
    `Configuration: ${file}`,
    `Host access: ${policy.hostAccess ? 'on (apps may do anything on this server)' : 'off'}`,
    `Allowed bind folders: ${roots} (each app's own folder is always allowed)`,
    `Dashboard updates: ${dashboardUpdates}`,
    `Features turned off: ${config.featuresOff.length > 0 ? config.featuresOff.join(', ') : 'none'}`,
  ].join('\n');
}
