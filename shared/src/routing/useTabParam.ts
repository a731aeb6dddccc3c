import { useSearchParams } from 'react-router-dom';

/** Props for Chakra `Tabs` that keep the open tab in the address (`?tab=<id>`). */
export interface TabParamProps {
  index: number;
  onChange: (index: number) => void;
}

/**
 * Makes a tabbed page linkable: `?tab=<id>` opens that tab (an unknown or missing id opens
 * `defaultId`), and choosing a tab pushes a history entry so back and forward move between tabs.
 * Spread the result onto Chakra `Tabs`; `ids` are in tab order.
 */
export function useTabParam<Id extends string>(ids: readonly Id[], defaultId: Id): TabParamProps {
  const [params, setParams] = useSearchParams();
  const requested = ids.indexOf(params.get('tab') as Id);
  return {
    index: requested >= 0 ? requested : ids.indexOf(defaultId),
    onChange: (next) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', ids[next] ?? defaultId);
        return updated;
      }),
  };
}
