/** The billing area's error catalogue (spec section 8, Billing). */
import { DomainError } from '../errors/domain-error.js';

export const billingErrors = {
  noPermissionForOrganization: () =>
    new DomainError(
      'BILLING_FORBIDDEN_ORG',
      'You do not have permission to manage billing for this organization',
    ),
  noPermission: () => new DomainError('BILLING_FORBIDDEN', 'You do not have permission to manage billing'),
  noBillingOrganization: () => new DomainError('BILLING_NO_ORG', 'No organization with billing access found'),
  agentAlreadyPro: () => new DomainError('BILLING_AGENT_PRO', 'This server is already on the Pro plan'),
  alreadyBusiness: () =>
    new DomainError('BILLING_ALREADY_BUSINESS', 'This organization already has a Business subscription'),
  noBillingAccount: () =>
    new DomainError('BILLING_NO_ACCOUNT', 'This organization has no billing account yet'),
  checkoutNotFound: () =>
    new DomainError('BILLING_CHECKOUT_NOT_FOUND', 'Checkout not found or already completed'),
  invalidSignature: () => new DomainError('BILLING_BAD_SIGNATURE', 'Invalid webhook signature'),
  providerUnavailable: () =>
    new DomainError('BILLING_PROVIDER_DOWN', 'The billing provider could not be reached, please try again'),
} as const;
