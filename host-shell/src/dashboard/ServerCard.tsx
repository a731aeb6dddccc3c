import type { SystemStyleObject } from '@chakra-ui/react';
import {
  capabilityValue,
  COMPOSE_VERSION_CAPABILITY,
  composeVersionText,
  DOCKER_NOT_RESPONDING,
  formatHardware,
  serverPlanLabel,
  type Agent,
} from 'shared';
import { lineClamp } from '../looks/line-clamp';
import { ShellButton } from '../looks/plain-controls';

export const SERVER_CARD_WIDTH = '350px';
export const SERVER_CARD_HEIGHT = '150px';

interface ServerCardProps {
  agent: Agent | null;
  online: boolean;
  /** False while the server is online but its Docker engine does not answer the agent. */
  dockerResponding?: boolean;
  updateAvailable: boolean;
  onUpdate: () => void;
}

/**
 * The card's look: `.dh-server-card` in shell.css (see shell-stylesheet), not a styled component
 * per line, label and badge. Badges are drawn as Chakra's Badge draws them (outline and subtle
 * variants).
 */
export const serverCardStyles: SystemStyleObject = {
  w: SERVER_CARD_WIDTH,
  maxW: 'full',
  h: SERVER_CARD_HEIGHT,
  bg: 'white',
  borderWidth: '1px',
  rounded: 'xl',
  px: 4,
  py: 3,
  overflow: 'hidden',
  '.dh-card-head': { display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 },
  '.dh-card-name': { fontWeight: 'semibold', ...lineClamp(1), flex: '1' },
  '.dh-card-badge': {
    display: 'inline-block',
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    px: 2,
    textTransform: 'uppercase',
    fontSize: 'xs',
    borderRadius: 'full',
    fontWeight: 'bold',
  },
  '.dh-card-badge--plan': {
    color: 'purple.500',
    boxShadow: 'inset 0 0 0px 1px var(--chakra-colors-purple-500)',
  },
  '.dh-card-badge--online': { bg: 'green.100', color: 'green.800' },
  '.dh-card-badge--offline': { bg: 'gray.100', color: 'gray.800' },
  '.dh-card-row': { display: 'flex', gap: 2, fontSize: '13px', lineHeight: '1.45', minW: 0 },
  '.dh-card-row-label': { color: 'gray.600', flexShrink: 0 },
  '.dh-card-row-value': { minW: 0, ...lineClamp(1) },
  '.dh-card-row-value--2': { ...lineClamp(2) },
  '.dh-card-docker': { fontSize: '13px', lineHeight: '1.45', color: 'orange.600', fontWeight: 'medium' },
  '.dh-card-version': { fontSize: '13px', color: 'gray.600' },
};

function Row({ label, children, lines = 1 }: { label: string; children: React.ReactNode; lines?: number }) {
  return (
    <div className="dh-card-row">
      <p className="chakra-text dh-card-row-label">{label}:</p>
      <div className={lines === 2 ? 'dh-card-row-value dh-card-row-value--2' : 'dh-card-row-value'}>
        {children}
      </div>
    </div>
  );
}

function planLabel(status: unknown): string {
  try {
    return serverPlanLabel(status);
  } catch {
    return 'Unknown plan';
  }
}

/**
 * The selected server at a glance (350x150): name, IP, Last Seen when offline, 'Docker is not
 * responding on this server' when its engine does not answer, hardware, agent and Compose version.
 */
export function ServerCard({
  agent,
  online,
  dockerResponding = true,
  updateAvailable,
  onUpdate,
}: ServerCardProps) {
  if (!agent) {
    return (
      <div className="dh-server-card-empty">
        <p className="chakra-text dh-server-card-empty__text">Select a server to view its details.</p>
      </div>
    );
  }
  const version = capabilityValue(agent.capabilities, 'agent_version');
  // Agents before the compose_version capability report none: the card then says nothing of it.
  const compose = capabilityValue(agent.capabilities, COMPOSE_VERSION_CAPABILITY);
  return (
    <div data-testid="server-card" className="dh-server-card">
      <div className="dh-card-head">
        <p className="chakra-text dh-card-name">{agent.name}</p>
        <span className="chakra-badge dh-card-badge dh-card-badge--plan">
          {planLabel(agent.subscription_status)}
        </span>
        <span className={`chakra-badge dh-card-badge dh-card-badge--${online ? 'online' : 'offline'}`}>
          {online ? 'Online' : 'Offline'}
        </span>
      </div>
      <Row label="IP">{capabilityValue(agent.capabilities, 'server_ip') ?? 'N/A'}</Row>
      {!online && (
        <Row label="Last Seen">{agent.last_seen ? new Date(agent.last_seen).toLocaleString() : 'Never'}</Row>
      )}
      {online && !dockerResponding && (
        <p role="status" className="chakra-text dh-card-docker">
          {DOCKER_NOT_RESPONDING}
        </p>
      )}
      <Row label="Hardware" lines={online && dockerResponding ? 2 : 1}>
        {formatHardware(agent.capabilities)}
      </Row>
      {updateAvailable ? (
        <ShellButton look="dh-button-update" onClick={onUpdate}>
          Agent update available
        </ShellButton>
      ) : (
        <p className="chakra-text dh-card-version">
          Agent Version: {version ?? 'N/A'}
          {compose && ` · ${composeVersionText(compose)}`}
        </p>
      )}
    </div>
  );
}
