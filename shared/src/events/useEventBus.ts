import { useEffect, useRef } from 'react';
import { eventBus, type DashboardEventName, type DashboardEvents } from './event-bus';

/** Subscribes for the component's lifetime; the latest listener is always called. */
export function useEventSubscription<Name extends DashboardEventName>(
  name: Name,
  listener: (payload: DashboardEvents[Name]) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => eventBus.subscribe(name, (payload) => latest.current(payload)), [name]);
}
