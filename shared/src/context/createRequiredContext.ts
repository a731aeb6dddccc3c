import { createContext, useContext, type Context } from 'react';

/** A context whose hook throws a clear error when used outside its provider (spec section 8). */
export function createRequiredContext<Value>(name: string): [Context<Value | null>, () => Value] {
  const context = createContext<Value | null>(null);
  context.displayName = name;
  const useRequired = (): Value => {
    const value = useContext(context);
    if (value === null) throw new Error(`${name} must be used within its provider`);
    return value;
  };
  return [context, useRequired];
}
