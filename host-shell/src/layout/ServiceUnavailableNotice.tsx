import { Alert, AlertIcon } from '@chakra-ui/react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isApiError } from 'shared';

/** A query retrying after the server said it is briefly unavailable (503): the server's own text. */
function retryingMessage(queries: Query[]): string | null {
  for (const query of queries) {
    const reason = query.state.fetchFailureReason;
    if (query.state.fetchStatus === 'fetching' && isApiError(reason) && reason.status === 503)
      return reason.message;
  }
  return null;
}

/**
 * While data fetching retries through a 503 (the database is briefly unavailable), says so above
 * the page: 'The service is briefly unavailable; retrying'. It goes away when the retry succeeds;
 * a query that runs out of retries shows its own error as usual.
 */
export function ServiceUnavailableNotice() {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const message = useSyncExternalStore(subscribe, () => retryingMessage(cache.getAll()));
  if (!message) return null;
  return (
    <Alert status="warning" role="status" variant="left-accent" mb={4} rounded="md">
      <AlertIcon />
      {message}
    </Alert>
  );
}
