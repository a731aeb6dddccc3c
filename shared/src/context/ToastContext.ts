import { createContext, useContext } from 'react';
import { eventBus, type ToastRequest } from '../events/event-bus';

export interface ToastValue {
  showToast: (toast: ToastRequest) => void;
}

/** Defaults to publishing `toast:show`, which the host's toaster listens to. */
const publishToast: ToastValue = { showToast: (toast) => eventBus.publish('toast:show', toast) };

export const ToastContext = createContext<ToastValue>(publishToast);
ToastContext.displayName = 'ToastContext';

export function useToastMessage(): ToastValue['showToast'] {
  return useContext(ToastContext).showToast;
}
