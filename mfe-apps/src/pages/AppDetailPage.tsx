import {
  Alert,
  AlertDescription,
  AlertIcon,
  Box,
  Button,
  Flex,
  Spinner,
  Stack,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  appsQueryOptions,
  canManageServer,
  capabilityValue,
  catalogQueryOptions,
  deployFailureProps,
  DOCKER_NOT_RESPONDING_APP,
  isServerUnpaid,
  useCurrentAgent,
  useCurrentUser,
  useTabParam,
  useToastMessage,
  type AppDetails,
} from 'shared';
import { DeployFailure } from 'shared/src/ui/DeployFailure';
import { appDetailsQueryOptions } from '../app-api';
import { REMOTE_BUILD } from '../buildInfo';
import { AboutCard } from '../detail/AboutCard';
import { AppHeader } from '../detail/AppHeader';
import { publicAddresses } from '../detail/public-addresses';
import { EditorTab } from '../detail/EditorTab';
import { useAppControl } from '../detail/useAppControl';
import { AppDeployProgress } from '../progress/AppDeployProgress';
import { AppsBreadcrumb } from './AppsBreadcrumb';
import { HistoryTab, LogsPane, SettingsTab, TabLoading } from './lazy-tabs';

/** Tab ids of the app page, also the `?tab=` value that opens one. */
const TAB_IDS = ['editor', 'settings', 'logs', 'history'] as const;

function PageState({ children }: { children: string }) {
  return <Text color="gray.600">{children}</Text>;
}

/** Installed app (route `app/:appId`): header and controls, then Editor, Settings, Logs and History. */
export default function AppDetailPage() {
  const { appId } = useParams();
  if (!appId) throw new Error('Missing route parameter: appId');
  const { currentAgent, currentAgentId, isOnline, isDockerResponding } = useCurrentAgent();
  const { user } = useCurrentUser();
  const dockerDown = isOnline && !isDockerResponding;
  const agentId = currentAgentId ?? '';
  const queryClient = useQueryClient();
  const showToast = useToastMessage();
  const apps = useQuery({ ...appsQueryOptions(agentId), enabled: Boolean(currentAgentId) });
  const listed = apps.data?.find((app) => app.id === appId);
  const current = useQuery({ ...appDetailsQueryOptions(agentId, appId), enabled: Boolean(listed) });
  const control = useAppControl(agentId, appId, isOnline && isDockerResponding);
  const templateId = current.data?.config.template_id;
  const catalog = useQuery({ ...catalogQueryOptions(agentId), enabled: Boolean(templateId) });
  const catalogItem = templateId ? catalog.data?.find((item) => item.id === templateId) : undefined;
  const [viewed, setViewed] = useState<{ version: string; details: AppDetails } | null>(null);
  const [loadingVersion, setLoadingVersion] = useState(false);
  const [editorDirty, setEditorDirty] = useState(false);
  const tabParam = useTabParam(TAB_IDS, 'editor');

  const viewVersion = async (version: string | undefined) => {
    if (editorDirty)
      showToast({
        title: 'Unsaved changes discarded',
        description: 'The editor now shows the selected version.',
        status: 'warning',
      });
    if (!version) {
      setViewed(null);
      return;
    }
    setLoadingVersion(true);
    try {
      const details = await queryClient.fetchQuery(appDetailsQueryOptions(agentId, appId, version));
      setViewed({ version, details });
      showToast({ title: 'Version Loaded', description: `Showing ${version}.`, status: 'success' });
    } catch {
      // The query's meta raised the error toast.
    } finally {
      setLoadingVersion(false);
    }
  };

  let content;
  if (!currentAgent) content = <PageState>No server selected. Please select a server first.</PageState>;
  else if (apps.isPending) content = <PageState>Loading apps...</PageState>;
  else if (apps.isError)
    content = <PageState>{`Error loading app details: ${apps.error.message}`}</PageState>;
  else if (!listed) content = <PageState>{`App not found: ${appId}`}</PageState>;
  else if (current.isPending) content = <PageState>Loading app details...</PageState>;
  else if (current.isError)
    content = <PageState>{`Error loading app details: ${current.error.message}`}</PageState>;
  else if (!current.data)
    content = <PageState>No app details available. Please try refreshing the page.</PageState>;
  else {
    const details = viewed?.details ?? current.data;
    const unpaid = isServerUnpaid(currentAgent.subscription_status);
    const disabled = !isOnline || dockerDown || unpaid;
    content = (
      <Stack spacing={6} position="relative">
        {!isOnline && (
          <Alert status="warning" rounded="md">
            <AlertIcon />
            <AlertDescription>
              The server is offline. Interactions with this app are disabled.
            </AlertDescription>
          </Alert>
        )}
        {dockerDown && (
          <Alert status="warning" rounded="md">
            <AlertIcon />
            <AlertDescription>{DOCKER_NOT_RESPONDING_APP}</AlertDescription>
          </Alert>
        )}
        {unpaid && (
          <Alert status="warning" rounded="md">
            <AlertIcon />
            <AlertDescription flex="1">
              This server has no plan, so its apps cannot be changed. Assign the Free plan or upgrade to Pro.
            </AlertDescription>
            <Button as={RouterLink} to="/organization" size="sm" colorScheme="purple">
              Manage Organization
            </Button>
          </Alert>
        )}
        <Flex gap={6} align="flex-start">
          <Box flex="1" minW={0}>
            <AppHeader
              details={details}
              currentVersion={current.data.config.version ?? ''}
              serverPlan={currentAgent.subscription_status}
              logo={catalogItem?.image}
              addresses={publicAddresses(
                current.data,
                capabilityValue(currentAgent.capabilities, 'server_ip'),
              )}
              status={control.status}
              operation={control.operation}
              busy={control.busy}
              disabled={disabled}
              viewedVersion={viewed?.version}
              onViewVersion={(version) => void viewVersion(version)}
              onControl={control.run}
            />
          </Box>
          {catalogItem && <AboutCard item={catalogItem} />}
        </Flex>
        {/* Cancelling is deploying: only the roles that may deploy (owner, admin) see it. */}
        <AppDeployProgress
          agentId={agentId}
          appId={appId}
          canCancel={!disabled && canManageServer(user, currentAgent)}
        />
        {control.error && <DeployFailure {...deployFailureProps(control.error, agentId, appId)} />}
        <Tabs isLazy colorScheme="blue" {...tabParam}>
          <TabList>
            <Tab id="editor">Editor</Tab>
            <Tab id="settings">Settings</Tab>
            <Tab id="logs">Logs</Tab>
            <Tab id="history">History</Tab>
          </TabList>
          <TabPanels>
            <TabPanel px={0}>
              <EditorTab
                key={`${details.config.id}:${viewed?.version ?? 'current'}:${current.dataUpdatedAt}`}
                agentId={agentId}
                details={details}
                disabled={disabled}
                deploying={control.operation === 'redeploy'}
                busy={control.busy}
                onDeploy={() => control.run('redeploy')}
                onSaved={() => setViewed(null)}
                onDirtyChange={setEditorDirty}
              />
            </TabPanel>
            <TabPanel px={0}>
              <TabLoading>
                <SettingsTab
                  agentId={agentId}
                  config={current.data.config}
                  extensionUsers={current.data.extension_users ?? []}
                  disabled={disabled}
                />
              </TabLoading>
            </TabPanel>
            <TabPanel px={0}>
              <TabLoading>
                <LogsPane agentId={agentId} appId={appId} agent={currentAgent} isOnline={isOnline} />
              </TabLoading>
            </TabPanel>
            <TabPanel px={0}>
              <TabLoading>
                <HistoryTab agentId={agentId} appId={appId} />
              </TabLoading>
            </TabPanel>
          </TabPanels>
        </Tabs>
        {loadingVersion && (
          <Flex
            position="absolute"
            inset={0}
            bg="whiteAlpha.700"
            align="center"
            justify="center"
            gap={3}
            rounded="md"
          >
            <Spinner />
            <Text fontWeight="medium">Loading version...</Text>
          </Flex>
        )}
      </Stack>
    );
  }

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <AppsBreadcrumb current={current.data?.config.name ?? listed?.name ?? appId} />
      {content}
    </Box>
  );
}
