import type { KeyboardEvent } from 'react';

/**
 * Space on a sidebar menu's trigger, a plain element rather than a native button: as on a button,
 * it clicks on keyup (a menu opened on keydown would be closed again by the click that follows)
 * and does not scroll the page.
 */
export const spaceClicks = {
  onKeyDown: (event: KeyboardEvent) => {
    if (event.key === ' ') event.preventDefault();
  },
  onKeyUp: (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    event.currentTarget.click();
  },
};
