/**
 * Cancelled requests (a query aborted by navigation, for example) surface as unhandled
 * rejections named 'Canceled'; they are expected, so they are kept out of the console.
 */
export function isCanceledRejection(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'Canceled';
}

export function suppressCanceledRejections(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isCanceledRejection(event.reason)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
