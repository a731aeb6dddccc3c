import { Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type KeyboardEvent } from 'react';
import {
  appsQueryOptions,
  checkHostPort,
  deployFailureProps,
  encryptForAgent,
  useCurrentAgent,
  useToastMessage,
  type AppDetails,
} from 'shared';
import { DeployFailure } from 'shared/src/ui/DeployFailure';
import {
  ConfigEditor,
  configMetaOf,
  createDraft,
  FIX_ERRORS_BEFORE_SAVING,
  isDirty,
  isSaveShortcut,
  toSavePayload,
  validateDraft,
  withoutSecretValues,
  type ConfigDraft,
} from '../config-editor';
import { appDraftKey, useStoredDraft } from '../drafts';
import { useUpdateAppMutation } from '../useUpdateAppMutation';
import { ComposeInUse } from './ComposeInUse';
import { providerApps } from '../config-editor';

interface EditorTabProps {
  agentId: string;
  details: AppDetails;
  disabled: boolean;
  /** A redeploy runs now. */
  deploying: boolean;
  /** An operation or its transition window runs: Deploy waits. */
  busy: boolean;
  onDeploy: () => void;
  /** The saved configuration is now the app's current one. */
  onSaved: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Editor tab: the app's files, variables and extensions; Save (or Ctrl+S) deploys the edited
 * configuration, Deploy the stored one (or the edited one, when there are unsaved edits).
 */
export function EditorTab({
  agentId,
  details,
  disabled,
  deploying,
  busy,
  onDeploy,
  onSaved,
  onDirtyChange,
}: EditorTabProps) {
  const showToast = useToastMessage();
  const { agents } = useCurrentAgent();
  const appId = details.config.id;
  const baseline = useMemo(() => createDraft(details), [details]);
  const unchanged = useCallback((draft: ConfigDraft) => !isDirty(draft, baseline), [baseline]);
  const [draft, setDraft, resetDraft] = useStoredDraft(
    appDraftKey(appId),
    details.config.version ?? '',
    baseline,
    unchanged,
    withoutSecretValues,
  );
  const errors = validateDraft(draft);
  const dirty = !unchanged(draft);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const apps = useQuery(appsQueryOptions(agentId));
  const extensions = useMemo(
    () => ({
      providers: providerApps(apps.data),
      custom: details.config.template_id === null,
      loading: apps.isLoading,
      hostPortRefusal: (port: number) => checkHostPort(agentId, appId, port),
    }),
    [apps.data, apps.isLoading, details.config.template_id, agentId, appId],
  );

  const save = useUpdateAppMutation(agentId, appId);
  const saveDraft = () =>
    save.mutate(
      () =>
        toSavePayload(draft, configMetaOf(details), (text, field) =>
          encryptForAgent(agents, agentId, text, field),
        ),
      {
        onSuccess: () => {
          showToast({ title: 'Success', description: 'App updated', status: 'success' });
          resetDraft();
          onSaved();
        },
      },
    );

  const canSave = !disabled && !save.isPending && dirty;
  const saveIfValid = () => {
    if (errors.length > 0)
      showToast({ title: 'Validation Error', description: FIX_ERRORS_BEFORE_SAVING, status: 'error' });
    else if (canSave) saveDraft();
  };
  // The Save button is off while errors exist; the keyboard's save still tries, and says why not.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isSaveShortcut(event)) return;
    event.preventDefault();
    saveIfValid();
  };
  // Deploy deploys what the editor shows: unsaved edits (say, a domain just typed) are saved, which
  // deploys them; without edits the stored configuration is deployed again.
  const deploy = () => (dirty ? saveIfValid() : onDeploy());

  return (
    <Stack spacing={4} onKeyDown={onKeyDown}>
      <ComposeInUse compose={details.compose} />
      <ConfigEditor draft={draft} onChange={setDraft} readOnly={disabled} extensions={extensions} />
      <Flex gap={2} justify="flex-end">
        <Button variant="ghost" isDisabled={!dirty || save.isPending} onClick={resetDraft}>
          Discard Changes
        </Button>
        <Button
          colorScheme="blue"
          isDisabled={!canSave || errors.length > 0}
          onClick={saveDraft}
          aria-keyshortcuts="Control+S Meta+S"
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button colorScheme="green" isDisabled={disabled || busy || save.isPending} onClick={deploy}>
          {deploying ? 'Deploying...' : 'Deploy'}
        </Button>
      </Flex>
      {save.error && <DeployFailure {...deployFailureProps(save.error, agentId, appId)} />}
    </Stack>
  );
}
