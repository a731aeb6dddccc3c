import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import {
  agentSubscriptionUrl,
  businessSubscriptionUrl,
  canManageBilling,
  canManageServer,
  isNoLicenseFailure,
  isOrganizationPaid,
  organizationPlanLabel,
  portalUrl,
  useCurrentAgent,
  useCurrentUser,
  useOpenBillingPageMutation,
  usePromoteAgentMutation,
  useToastMessage,
  type PromoteAgentRequest,
  type UserOrganization,
} from 'shared';
import { isOwnFreeSlotUsed, serverPlanRows, type ServerPlanAction } from './server-plans';

const NO_LICENSES = 'No Pro Licenses Available';

const PLAN_BADGE_SCHEME: Record<string, string> = { Free: 'green', Pro: 'purple', Unpaid: 'orange' };

/** Details tab: the organization's plan and each server's plan, with the changes on offer. */
export function SubscriptionBillingCard({ organization }: { organization: UserOrganization }) {
  const { user } = useCurrentUser();
  const { agents } = useCurrentAgent();
  const showToast = useToastMessage();
  const organizations = user?.organizations ?? [];
  const mayManage = canManageBilling(user, organization.id);
  // Assigning a plan acts on the servers (owner or admin); buying one is billing (billing too).
  const mayAssign = canManageServer(user, { organization_id: organization.id });
  const offered = (action: ServerPlanAction) => (action === 'checkout-pro' ? mayManage : mayAssign);
  const business = isOrganizationPaid(organization.subscription_status);
  const rows = serverPlanRows(organization, agents, isOwnFreeSlotUsed(organization, organizations, agents));

  const checkout = useOpenBillingPageMutation();
  const promotion = usePromoteAgentMutation();

  const promote = (request: PromoteAgentRequest) =>
    promotion.mutate(request, {
      onSuccess: (message) => showToast({ title: 'Success', description: message, status: 'success' }),
      onError: (error) => {
        if (!isNoLicenseFailure(error, request)) return;
        showToast({
          title: NO_LICENSES,
          description: 'Opening the billing portal to add Pro licenses.',
          status: 'error',
        });
        checkout.mutate({
          pageUrl: () => portalUrl(organization.id),
          failureTitle: 'Unable to open billing portal',
        });
      },
    });

  const act = (action: ServerPlanAction, agentId: string) => {
    if (action === 'checkout-pro')
      checkout.mutate({
        pageUrl: () => agentSubscriptionUrl(agentId),
        failureTitle: 'Unable to open subscription page',
      });
    else promote({ agentId, type: action === 'assign-free' ? 'free' : 'pro' });
  };
  const busy = promotion.isPending || checkout.isPending;

  return (
    <Box as="section" aria-label="Subscription & Billing" bg="white" borderWidth="1px" rounded="2xl" p={5}>
      <Flex align="center" justify="space-between" gap={3} mb={4} wrap="wrap">
        <Box>
          <Heading as="h2" size="sm">
            Subscription & Billing
          </Heading>
          <Text fontSize="sm" color="gray.600" mt={1}>
            Plan: <strong>{organizationPlanLabel(organization.subscription_status)}</strong>
            {business && ` · ${organization.licenses} Pro licenses included`}
          </Text>
        </Box>
        {mayManage && (
          <Button
            size="sm"
            colorScheme="blue"
            variant={business ? 'outline' : 'solid'}
            isDisabled={busy}
            onClick={() =>
              checkout.mutate(
                business
                  ? {
                      pageUrl: () => portalUrl(organization.id),
                      failureTitle: 'Unable to open billing portal',
                    }
                  : {
                      pageUrl: () => businessSubscriptionUrl(organization.id),
                      failureTitle: 'Unable to open business subscription',
                    },
              )
            }
          >
            {business ? 'Manage Subscription' : 'Upgrade to Business'}
          </Button>
        )}
      </Flex>

      {!mayManage && (
        <Text fontSize="sm" color="gray.600" mb={3}>
          Contact an organization owner or admin to manage billing settings.
        </Text>
      )}
      {rows.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          No servers in this organization yet.
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" spacing={2}>
          {rows.map(({ agent, planLabel, assigned, actions }) => (
            <Flex
              as="li"
              key={agent.id}
              aria-label={agent.name}
              align="center"
              gap={3}
              wrap="wrap"
              borderWidth="1px"
              rounded="lg"
              px={3}
              py={2}
            >
              <Text fontWeight="medium" flex="1" minW="8rem">
                {agent.name}
              </Text>
              {!mayManage ? (
                <Badge colorScheme={assigned ? 'green' : 'orange'}>
                  {assigned ? 'Plan assigned' : 'Needs assignment'}
                </Badge>
              ) : planLabel === null ? (
                <Badge colorScheme="red">Unknown plan</Badge>
              ) : (
                <Badge colorScheme={PLAN_BADGE_SCHEME[planLabel]}>{planLabel}</Badge>
              )}
              {actions.filter(offered).map((action) => (
                <Button
                  key={action}
                  size="xs"
                  variant={action === 'assign-free' ? 'outline' : 'solid'}
                  colorScheme={action === 'assign-free' ? 'green' : 'purple'}
                  isDisabled={busy}
                  onClick={() => act(action, agent.id)}
                >
                  {action === 'assign-free' ? 'Assign Free' : 'Upgrade to Pro'}
                </Button>
              ))}
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
