import { useAuth } from 'shared';
import { ChevronsUpDownIcon } from '../looks/icons';
import { ShellAvatar } from '../looks/plain-controls';
import { DeferredMenu } from './DeferredMenu';
import { initialsOf, signedInName } from './sidebar-rules';

/**
 * The signed-in user with About Dockhand and Log out; the avatar falls back to initials when the
 * image fails.
 */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user } = useAuth();
  const avatarName = user?.name || user?.email || undefined;
  const trigger = (
    <div className="dh-menu-trigger">
      <ShellAvatar
        name={avatarName}
        initials={initialsOf(avatarName)}
        src={user?.image ?? undefined}
        referrerPolicy="no-referrer"
      />
      {!collapsed && (
        <>
          <div className="dh-menu-trigger-text">
            <p className="chakra-text dh-menu-trigger-title">{signedInName(user)}</p>
            {user?.email && <p className="chakra-text dh-menu-trigger-detail">{user.email}</p>}
          </div>
          <ChevronsUpDownIcon boxSize={4} color="gray.600" />
        </>
      )}
    </div>
  );
  return (
    <DeferredMenu
      menu="UserMenuList"
      trigger={trigger}
      triggerProps={{
        'aria-label': 'User menu',
        className: collapsed ? 'dh-menu-button dh-menu-button--px0' : 'dh-menu-button dh-menu-button--px2',
      }}
    />
  );
}
