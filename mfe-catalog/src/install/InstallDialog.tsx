import {
  Alert,
  AlertDescription,
  AlertIcon,
  Button,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Input,
  Link,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Select,
  Stack,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  FREE_PLAN_MORE_VERSIONS_MESSAGE,
  appsQueryOptions,
  deployFailureProps,
  newAppId,
  useToastMessage,
  validateAppName,
  versionChoiceLabel,
  type CatalogItem,
  type SubscriptionStatus,
} from 'shared';
import { DeployFailure } from 'shared/src/ui/DeployFailure';
import { defaultVersion, installableVersions, suggestAppName } from './catalog-action';
import { useInstallAppMutation } from './useInstallAppMutation';

const InstallProgress = lazy(() => import('./InstallProgress'));

export interface InstallDialogProps {
  item: CatalogItem;
  agentId: string;
  serverPlan: SubscriptionStatus;
  /** 'choose': a version selector (catalog cards); 'fixed': the version shown read-only (item page). */
  versionMode: 'choose' | 'fixed';
  /** Why this server cannot run the app (its admission policy), or null; see hostAccessBlock. */
  policyBlock: string | null;
  onClose: () => void;
}

/** 'Install {name}': the new app's name and version; Enter installs when the name is valid. */
export function InstallDialog({
  item,
  agentId,
  serverPlan,
  versionMode,
  policyBlock,
  onClose,
}: InstallDialogProps) {
  const navigate = useNavigate();
  const showToast = useToastMessage();
  const apps = useQuery(appsQueryOptions(agentId));
  const existingNames = (apps.data ?? []).map((app) => app.name);
  const [name, setName] = useState<string | null>(null);
  const appName = name ?? suggestAppName(item, existingNames);
  const versions = installableVersions(item, serverPlan);
  const [version, setVersion] = useState(() => defaultVersion(versions));
  const unpaid = serverPlan === 'unpaid';
  const blocked = unpaid || policyBlock !== null;
  const nameError = validateAppName(appName, { existingNames });

  const install = useInstallAppMutation(agentId);
  // One id per dialog: a failed install was rolled back, so a retry installs the same app anew.
  const [appId] = useState(newAppId);
  const installApp = () =>
    install.mutate(
      { name: appName.trim(), app_id: appId, template_id: item.id, ...(version ? { version } : {}) },
      {
        onSuccess: () => {
          showToast({ title: 'Success', description: 'App installation started', status: 'success' });
          onClose();
          navigate('/');
        },
      },
    );

  const reportInvalidName = () =>
    showToast({ title: 'Validation Error', description: nameError!, status: 'error' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || install.isPending) return;
    if (nameError) reportInvalidName();
    else installApp();
  };

  return (
    <Modal isOpen onClose={onClose} isCentered size="md">
      <ModalOverlay />
      <ModalContent as="form" onSubmit={submit} noValidate>
        <ModalHeader>Install {item.name}</ModalHeader>
        <ModalCloseButton />
        <ModalBody>
          <Stack spacing={4}>
            {unpaid && (
              <Alert status="warning" rounded="md" alignItems="flex-start">
                <AlertIcon />
                <AlertDescription fontSize="sm">
                  This server has no plan yet, so apps cannot be installed on it.{' '}
                  <Link as={RouterLink} to="/organization" fontWeight="semibold" textDecoration="underline">
                    Assign a plan
                  </Link>{' '}
                  on the organization page to continue.
                </AlertDescription>
              </Alert>
            )}
            {policyBlock !== null && (
              <Alert status="warning" rounded="md" alignItems="flex-start">
                <AlertIcon />
                <AlertDescription fontSize="sm">{policyBlock}</AlertDescription>
              </Alert>
            )}
            {item.host_access && policyBlock === null && (
              <Alert status="info" rounded="md" alignItems="flex-start">
                <AlertIcon />
                <AlertDescription fontSize="sm">
                  {item.name} needs host access: {item.host_access}
                </AlertDescription>
              </Alert>
            )}
            <FormControl isInvalid={Boolean(nameError) && name !== null} isDisabled={blocked}>
              <FormLabel>Application Name</FormLabel>
              <Input
                value={appName}
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => {
                  // Enter submits through the form; with Install disabled the browser would ignore it silently.
                  if (event.key === 'Enter' && nameError) {
                    event.preventDefault();
                    reportInvalidName();
                  }
                }}
                autoFocus
                autoComplete="off"
                spellCheck={false}
              />
              {nameError && name !== null ? (
                <FormErrorMessage>{nameError}</FormErrorMessage>
              ) : (
                <FormHelperText>Letters, numbers and hyphens, starting with a letter.</FormHelperText>
              )}
            </FormControl>
            {versions.choices.length > 0 && (
              <FormControl isDisabled={blocked}>
                <FormLabel>Version</FormLabel>
                {versionMode === 'fixed' ? (
                  <Input value={version ?? ''} isReadOnly />
                ) : (
                  <Select value={version ?? ''} onChange={(event) => setVersion(event.target.value)}>
                    {versions.choices.map((choice) => (
                      <option key={choice.name} value={choice.name} disabled={choice.locked}>
                        {versionChoiceLabel(choice)}
                      </option>
                    ))}
                  </Select>
                )}
                {versions.olderVersionsHidden && (
                  <FormHelperText>{FREE_PLAN_MORE_VERSIONS_MESSAGE}</FormHelperText>
                )}
              </FormControl>
            )}
            {install.isPending && (
              <Suspense fallback={null}>
                <InstallProgress agentId={agentId} appId={appId} />
              </Suspense>
            )}
            {/* A failed install was rolled back: no app, so no history entry to link. */}
            {install.error && <DeployFailure {...deployFailureProps(install.error, agentId, null)} />}
          </Stack>
        </ModalBody>
        <ModalFooter gap={3}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            colorScheme="blue"
            isDisabled={
              blocked || Boolean(nameError) || install.isPending || (versions.choices.length > 0 && !version)
            }
          >
            {install.isPending ? 'Installing...' : 'Install'}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
