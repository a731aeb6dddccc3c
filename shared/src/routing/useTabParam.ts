import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Props for Chakra `Tabs` that keep the open tab in the address (`?tab=<id>`). */
export interface TabParamProps {
  index: number;
  onChange: (index: number) => void;
}

/**
 * Makes a tabbed page linkable: `?tab=<id>` opens that tab (an unknown or missing id opens
 * `defaultId`), and choosing a tab pushes one history entry so back and forward move between tabs.
 * Spread the result onto Chakra `Tabs`; `ids` are in tab order.
 */
export function useTabParam<Id extends string>(ids: readonly Id[], defaultId: Id): TabParamProps {
  const [params, setParams] = useSearchParams();
  const requested = ids.indexOf(params.get('tab') as Id);
  const index = requested >= 0 ? requested : ids.indexOf(defaultId);
  // Chakra reports one click twice, on focus and on click, and the router renders the new address
  // in a transition, after both: without this the second report pushed the same tab again, and
  // Back stayed on it.
  const chosen = useRef<number | null>(null);
  useEffect(() => {
    chosen.current = null;
  }, [index]);
  return {
    index,
    onChange: (next) => {
      if (next === (chosen.current ?? index)) return;
      chosen.current = next;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', ids[next] ?? defaultId);
        return updated;
      });
    },
  };
}
