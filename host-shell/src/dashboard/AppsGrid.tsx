import type { SystemStyleObject } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  AppStatus,
  AppIcon,
  appStatusColour,
  appStatusLabel,
  type AppListItem,
  type AppStatusCode,
} from 'shared';
import { PlusIcon } from '../looks/icons';

const APP_TILE_SIZE = '128px';

interface AppsGridProps {
  apps: AppListItem[];
  statuses: Record<string, AppStatusCode> | undefined;
  /**
   * False when the server is offline (spec section 4) or its Docker does not answer: statuses are
   * cleared, no tile shows its last known status.
   */
  statusesKnown: boolean;
  /** Whether deploying is possible (a paid or free server that is online). */
  canDeploy: boolean;
  onDeploy: () => void;
}

/** Colour schemes appStatusColour can return, drawn like Chakra's subtle Badge. */
const STATUS_SCHEMES = ['gray', 'green', 'yellow', 'orange', 'red'];

/**
 * The tiles' look: `.dh-apps-grid` in shell.css (see shell-stylesheet), not one styled component
 * per tile element: with many apps, per-tile styling dominated the dashboard's first render.
 */
export const appsGridStyles: SystemStyleObject = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 4,
  '.dh-tile-deploy': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 2,
    w: APP_TILE_SIZE,
    h: APP_TILE_SIZE,
    borderWidth: '2px',
    borderStyle: 'dashed',
    rounded: 'xl',
    color: 'gray.600',
    _hover: { color: 'blue.600', borderColor: 'blue.400', bg: 'blue.50' },
    _disabled: {
      opacity: 0.5,
      cursor: 'not-allowed',
      _hover: { color: 'gray.600', borderColor: 'gray.200', bg: 'transparent' },
    },
  },
  '.dh-tile-deploy-label': { fontSize: 'sm', fontWeight: 'medium' },
  '.dh-tile': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 1.5,
    w: APP_TILE_SIZE,
    h: APP_TILE_SIZE,
    p: 2,
    bg: 'white',
    borderWidth: '1px',
    rounded: 'xl',
    transition: 'all 0.15s',
    _hover: { shadow: 'md', borderColor: 'blue.300' },
  },
  '.dh-tile-icon': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: 10,
    h: 10,
    rounded: 'lg',
    color: 'white',
    fontWeight: 'bold',
  },
  '.dh-tile-name': {
    maxW: 'full',
    fontSize: 'sm',
    fontWeight: 'medium',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '.dh-tile-status': {
    px: 2,
    rounded: 'full',
    fontSize: '0.65rem',
    fontWeight: 'bold',
    lineHeight: 1.5,
    textTransform: 'uppercase',
    whiteSpace: 'nowrap',
  },
  ...Object.fromEntries(
    STATUS_SCHEMES.map((scheme) => [
      `.dh-tile-status[data-scheme=${scheme}]`,
      { bg: `${scheme}.100`, color: `${scheme}.800` },
    ]),
  ),
};

function AppTile({ app, status }: { app: AppListItem; status: AppStatusCode | null }) {
  const colour = /^#[0-9a-f]{3,8}$/i.test(app.color) ? app.color : '#3182CE';
  return (
    <RouterLink to={`/app/${app.id}`} className="dh-tile" data-testid="app-tile">
      <span className="dh-tile-icon" style={{ backgroundColor: colour }} aria-hidden="true">
        <AppIcon name={app.icon} size={22} />
      </span>
      <span className="dh-tile-name">{app.name}</span>
      <span className="dh-tile-status" data-scheme={appStatusColour(status)}>
        {appStatusLabel(status)}
      </span>
    </RouterLink>
  );
}

/** The add tile plus one tile per app (icon, name, status label). */
export function AppsGrid({ apps, statuses, statusesKnown, canDeploy, onDeploy }: AppsGridProps) {
  // An offline server (or one without Docker) reports nothing: its apps' state is unknown, not awaited.
  const statusOf = (app: AppListItem) =>
    statusesKnown ? (statuses?.[app.id] ?? app.status ?? null) : AppStatus.Unknown;
  return (
    <div>
      <div className="dh-apps-grid">
        <button
          type="button"
          onClick={onDeploy}
          disabled={!canDeploy}
          aria-label="Deploy App"
          className="dh-tile-deploy"
        >
          <PlusIcon boxSize={6} />
          <p className="chakra-text dh-tile-deploy-label">Deploy App</p>
        </button>
        {apps.map((app) => (
          <AppTile key={app.id} app={app} status={statusOf(app)} />
        ))}
      </div>
      {apps.length === 0 && (
        <p className="chakra-text dh-apps-empty">
          {canDeploy ? 'No apps found. Deploy your first app!' : 'No apps found'}
        </p>
      )}
    </div>
  );
}
