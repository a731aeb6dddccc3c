import {
  Box,
  Button,
  Flex,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Heading,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  appsQueryOptions,
  checkHostPort,
  DEFAULT_APP_ICON,
  deployFailureProps,
  encryptForAgent,
  isServerUnpaid,
  newAppId,
  useCurrentAgent,
  useToastMessage,
  validateAppName,
} from 'shared';
import { DeployFailure } from 'shared/src/ui/DeployFailure';
import { REMOTE_BUILD } from '../buildInfo';
import {
  ConfigEditor,
  createDraft,
  isDirty,
  providerApps,
  toSavePayload,
  validateDraft,
  withoutSecretValues,
  type ConfigDraft,
} from '../config-editor';
import { NEW_APP_DRAFT_KEY, useStoredDraft } from '../drafts';
import { useCreateAppMutation } from '../useCreateAppMutation';
import { AppsBreadcrumb } from './AppsBreadcrumb';

/** Spec section 9: home opens 100 ms after the app is created. */
export const NAVIGATE_AFTER_CREATE_MS = 100;

const CreateProgress = lazy(() => import('../progress/CreateProgress'));

interface NewApp {
  name: string;
  draft: ConfigDraft;
  /**
   * The new app's id, made at the first Create (contract app-id.ts) and kept with the draft: the
   * page watches the deploy by it (also after a reload), and a retry after a failed create sends
   * it again, so both attempts are one app's history.
   */
  appId?: string;
}

const storable = (app: NewApp): NewApp => ({ ...app, draft: withoutSecretValues(app.draft) });

/** Create App (route `create-app`): your own Docker Compose app, deployed on the current server. */
export default function CreateAppPage() {
  const navigate = useNavigate();
  const showToast = useToastMessage();
  const { agents, currentAgent, currentAgentId, isOnline } = useCurrentAgent();
  const agentId = currentAgentId ?? '';
  const apps = useQuery({ ...appsQueryOptions(agentId), enabled: Boolean(currentAgentId) });
  // A new app is a custom one: it chooses the service and port an extension reaches.
  const extensions = useMemo(
    () => ({
      providers: providerApps(apps.data),
      custom: true,
      loading: apps.isLoading,
      hostPortRefusal: (port: number) => checkHostPort(agentId, null, port),
    }),
    [apps.data, apps.isLoading, agentId],
  );
  const blank = useMemo<NewApp>(() => ({ name: '', draft: createDraft(null) }), []);
  const unchanged = useCallback(
    (value: NewApp) => value.name === '' && !isDirty(value.draft, blank.draft),
    [blank],
  );
  const [app, setApp, discard] = useStoredDraft(NEW_APP_DRAFT_KEY, 'new', blank, unchanged, storable);
  const nameError = validateAppName(app.name, {
    existingNames: (apps.data ?? []).map((entry) => entry.name),
  });
  // A fresh page stays quiet; once the user has left the name field or started on the app,
  // a missing name is explained instead of leaving Create silently disabled.
  const [nameTouched, setNameTouched] = useState(false);
  const showNameError = Boolean(nameError) && (nameTouched || !unchanged(app));
  const draftErrors = validateDraft(app.draft);
  const unavailable = !currentAgent || !isOnline || isServerUnpaid(currentAgent.subscription_status);

  const create = useCreateAppMutation(agentId);
  const buildPayload = (appId: string) =>
    toSavePayload(
      app.draft,
      {
        id: appId,
        name: app.name.trim(),
        description: null,
        version: null,
        template_id: null,
        extension: null,
        icon: DEFAULT_APP_ICON,
        color: '#3182CE',
        extension_values: [],
        supported_extensions: [],
      },
      (text, field) => encryptForAgent(agents, agentId, text, field),
    );
  const created = () => {
    showToast({ title: 'Success', description: 'App created', status: 'success' });
    discard();
    window.setTimeout(() => navigate('/'), NAVIGATE_AFTER_CREATE_MS);
  };
  const createApp = () => {
    const appId = app.appId ?? newAppId();
    setApp((current) => ({ ...current, appId }));
    create.mutate(() => buildPayload(appId), { onSuccess: created });
  };

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <AppsBreadcrumb current="Create App" />
      <Heading size="lg" mb={1}>
        Create App
      </Heading>
      <Text color="gray.600" mb={5}>
        Deploy your own Docker Compose app on {currentAgent?.name ?? 'the selected server'}.
      </Text>
      {!currentAgent && <Text color="gray.600">No server selected. Please select a server first.</Text>}
      <Stack spacing={5}>
        <FormControl isRequired isInvalid={showNameError} maxW="lg">
          <FormLabel>App Name</FormLabel>
          <Input
            value={app.name}
            onChange={(event) => {
              const name = event.target.value;
              setApp((current) => ({ ...current, name }));
            }}
            onBlur={() => setNameTouched(true)}
            placeholder="my-app"
            autoComplete="off"
          />
          <FormErrorMessage>{nameError}</FormErrorMessage>
        </FormControl>
        <ConfigEditor
          draft={app.draft}
          onChange={(draft) => setApp((current) => ({ ...current, draft }))}
          extensions={extensions}
        />
        <Flex gap={2} justify="flex-end" wrap="wrap">
          <Button
            variant="ghost"
            colorScheme="red"
            onClick={discard}
            isDisabled={unchanged(app) || create.isPending}
          >
            Discard All Changes
          </Button>
          <Button variant="outline" onClick={() => navigate('/')}>
            Cancel
          </Button>
          <Button
            colorScheme="blue"
            onClick={createApp}
            isDisabled={unavailable || Boolean(nameError) || draftErrors.length > 0 || create.isPending}
          >
            {create.isPending ? 'Processing...' : 'Create'}
          </Button>
        </Flex>
        {app.appId && (
          <Suspense fallback={null}>
            <CreateProgress
              agentId={agentId}
              appId={app.appId}
              sentHere={!create.isIdle}
              onCreated={created}
            />
          </Suspense>
        )}
        {/* A failed create was rolled back: no app, so no history entry to link. */}
        {create.error && <DeployFailure {...deployFailureProps(create.error, agentId, null)} />}
      </Stack>
    </Box>
  );
}
