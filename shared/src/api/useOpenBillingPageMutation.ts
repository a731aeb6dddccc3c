import { useMutation } from '@tanstack/react-query';
import { openBillingPage } from './billing';

/** A billing page to open, and the toast title when its address cannot be had (spec section 8). */
export interface BillingPageRequest {
  pageUrl: () => Promise<string>;
  failureTitle: string;
}

/** Asks the server for a checkout or portal address and opens it in a new tab. */
export function useOpenBillingPageMutation() {
  return useMutation({
    mutationFn: ({ pageUrl }: BillingPageRequest) => pageUrl(),
    onSuccess: openBillingPage,
    meta: { errorToast: (_error, request) => (request as BillingPageRequest).failureTitle },
  });
}
