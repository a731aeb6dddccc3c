import path from 'node:path';
import type { PolicyRefusal } from './admission-policy.js';
import { HostPathRules, type AdmissionContext } from './host-path-rules.js';
import { asList, asRecord, type Model } from './model-values.js';

/**
 * Docker's default capabilities: adding one back (typically after `cap_drop: [ALL]`) gives a
 * container nothing a default container lacks. Anything else needs the host's consent.
 */
const SAFE_CAPABILITIES = new Set([
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'SETGID',
  'SETUID',
  'SETPCAP',
  'NET_BIND_SERVICE',
  'NET_RAW',
  'SYS_CHROOT',
  'MKNOD',
  'AUDIT_WRITE',
  'SETFCAP',
]);

const HOST_NAMESPACE_OPTIONS = ['network_mode', 'pid', 'ipc', 'uts', 'userns_mode', 'cgroup'] as const;

/**
 * Checks a resolved compose model (the output of `compose config`: anchors, extends, include,
 * profiles and interpolation already applied) and lists everything the policy refuses.
 */
export function checkComposeModel(model: unknown, context: AdmissionContext): PolicyRefusal[] {
  if (context.policy.hostAccess) return [];
  const refusals: PolicyRefusal[] = [];
  const root = asRecord(model);
  const paths = new HostPathRules(context);
  for (const [name, value] of Object.entries(asRecord(root.services))) {
    const refuse = (option: string, reason: string) =>
      refusals.push({ subject: `service ${name}`, option, reason });
    checkService(asRecord(value), refuse, paths);
  }
  for (const [name, value] of Object.entries(asRecord(root.volumes))) {
    const refuse = (option: string, reason: string) =>
      refusals.push({ subject: `volume ${name}`, option, reason });
    checkVolumeDefinition(asRecord(value), refuse, paths);
  }
  for (const kind of ['secrets', 'configs'] as const) {
    for (const [name, value] of Object.entries(asRecord(root[kind]))) {
      const file = asRecord(value).file;
      if (typeof file !== 'string') continue;
      const reason = paths.bindProblem(file);
      if (reason) refusals.push({ subject: `${kind.slice(0, -1)} ${name}`, option: `file ${file}`, reason });
    }
  }
  return refusals;
}

type Refuse = (option: string, reason: string) => void;

function checkService(service: Model, refuse: Refuse, paths: HostPathRules): void {
  if (service.privileged === true) refuse('privileged', 'gives the container full control of the host');
  for (const raw of asList(service.cap_add)) {
    const capability = String(raw).toUpperCase().replace(/^CAP_/, '');
    if (!SAFE_CAPABILITIES.has(capability))
      refuse(`cap_add ${String(raw)}`, 'grants a capability beyond the default set');
  }
  if (asList(service.devices).length > 0) refuse('devices', 'gives the container host devices');
  if (asList(service.device_cgroup_rules).length > 0)
    refuse('device_cgroup_rules', 'gives the container host devices');
  if (service.gpus !== undefined) refuse('gpus', 'gives the container host devices');
  const reservations = asRecord(asRecord(asRecord(service.deploy).resources).reservations);
  if (asList(reservations.devices).length > 0)
    refuse('deploy.resources.reservations.devices', 'gives the container host devices');
  for (const option of HOST_NAMESPACE_OPTIONS) {
    const value = service[option];
    if (typeof value !== 'string') continue;
    if (value === 'host') refuse(`${option}: host`, "shares the host's namespace");
    else if (value.startsWith('container:'))
      refuse(`${option}: ${value}`, "joins the namespace of a container outside this app's control");
  }
  for (const raw of asList(service.security_opt)) {
    const reason = securityOptProblem(String(raw));
    if (reason) refuse(`security_opt ${String(raw)}`, reason);
  }
  if (typeof service.cgroup_parent === 'string' && service.cgroup_parent)
    refuse('cgroup_parent', "places the container in a cgroup of the host's choosing");
  for (const raw of asList(service.volumes_from)) {
    if (String(raw).startsWith('container:'))
      refuse(`volumes_from ${String(raw)}`, "mounts the volumes of a container outside this app's control");
  }
  for (const volume of asList(service.volumes)) {
    const source = bindSource(volume);
    if (source === null) continue;
    const reason = paths.bindProblem(source);
    if (reason) refuse(`volumes ${source}`, reason);
  }
  checkBuild(service.build, refuse, paths);
  for (const file of asList(service.env_file)) {
    const envPath = typeof file === 'string' ? file : asRecord(file).path;
    if (typeof envPath !== 'string') continue;
    const reason = paths.buildProblem(envPath);
    if (reason) refuse(`env_file ${envPath}`, reason);
  }
}

function securityOptProblem(option: string): string | null {
  const match = /^([a-z-]+)(?:[=:](.*))?$/i.exec(option.trim());
  const key = match?.[1]?.toLowerCase() ?? '';
  const value = (match?.[2] ?? '').toLowerCase();
  if (key === 'no-new-privileges') return null;
  if (key === 'seccomp') return 'replaces the default seccomp filter';
  if (key === 'apparmor' && value !== 'docker-default') return 'replaces the default AppArmor profile';
  if (key === 'label' && (value === 'disable' || value.startsWith('type:')))
    return 'disables SELinux labelling';
  if (key === 'systempaths') return "unmasks the host's kernel interfaces in /proc and /sys";
  if (key === 'label' || key === 'apparmor') return null;
  return 'is not a known safe security option';
}

function checkBuild(build: unknown, refuse: Refuse, paths: HostPathRules): void {
  if (build === undefined || build === null) return;
  const spec = typeof build === 'string' ? { context: build } : asRecord(build);
  const context = typeof spec.context === 'string' ? spec.context : '.';
  if (!isRemoteContext(context)) {
    const reason = paths.buildProblem(context);
    if (reason) refuse(`build.context ${context}`, reason);
    if (typeof spec.dockerfile === 'string' && path.isAbsolute(spec.dockerfile)) {
      const dockerfileReason = paths.buildProblem(spec.dockerfile);
      if (dockerfileReason) refuse(`build.dockerfile ${spec.dockerfile}`, dockerfileReason);
    }
  }
  for (const extra of Object.values(asRecord(spec.additional_contexts))) {
    const value = String(extra);
    if (isRemoteContext(value) || /^(docker-image|service|target|oci-layout):/.test(value)) continue;
    const reason = paths.buildProblem(value);
    if (reason) refuse(`build.additional_contexts ${value}`, reason);
  }
  if (spec.privileged === true) refuse('build.privileged', 'builds with full control of the host');
  for (const entitlement of asList(spec.entitlements))
    refuse(`build.entitlements ${String(entitlement)}`, 'builds with extra privileges');
}

function isRemoteContext(context: string): boolean {
  return /^([a-z][a-z0-9+.-]*:\/\/|git@|github\.com\/)/i.test(context);
}

/** A top-level volume with the local driver can be a bind mount (`o: bind`) or a host device. */
function checkVolumeDefinition(volume: Model, refuse: Refuse, paths: HostPathRules): void {
  if (volume.external === true || (volume.driver !== undefined && volume.driver !== 'local')) return;
  const options = asRecord(volume.driver_opts);
  const device = options.device;
  if (typeof device !== 'string') return;
  const mountOptions = String(options.o ?? '')
    .split(',')
    .map((o) => o.trim());
  if (mountOptions.includes('bind') || mountOptions.includes('rbind')) {
    const reason = paths.bindProblem(device);
    if (reason) refuse(`driver_opts device ${device} (o: bind)`, reason);
  } else if (device.startsWith('/') && !device.startsWith('//')) {
    refuse(`driver_opts device ${device}`, 'mounts a host device');
  }
}

/** The host path of a bind mount (short `src:dst[:mode]` or long syntax), null for other mounts. */
function bindSource(volume: unknown): string | null {
  if (typeof volume === 'string') {
    const parts = volume.split(':');
    if (parts.length < 2) return null;
    const source = parts[0] ?? '';
    return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(source) ? null : source;
  }
  const long = asRecord(volume);
  if (long.type === 'bind' && typeof long.source === 'string') return long.source;
  if (long.type === 'npipe') return String(long.source ?? '');
  return null;
}
