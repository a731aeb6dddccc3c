import {
  Box,
  FormControl,
  FormErrorMessage,
  FormHelperText,
  FormLabel,
  Heading,
  HStack,
  Input,
  Select,
  Stack,
} from '@chakra-ui/react';
import { useState } from 'react';
import { EXPOSE, ExposeVariables, parseHostPort, SELF_APP_ID, type ExtensionValue } from 'shared';
import type { ConfigDraft } from './config-draft';
import { contributedRows, rowsOfApp } from './draft-rows';
import {
  chooseExtension,
  chosenProvider,
  contributedValueError,
  type ProviderApp,
  setContributedValue,
  setSupportedExtension,
  supportedErrors,
} from './extension-draft';

export interface ExtensionPanelOptions {
  /** The other apps of the server that provide an extension. */
  providers: readonly ProviderApp[];
  /** A custom compose app chooses the service and container port itself. */
  custom: boolean;
  /** The server's app list is still loading: the chosen provider may not be among `providers` yet. */
  loading: boolean;
  /** Expose Port: why the server would refuse this host port (in use there, or a proxy's), or null. */
  hostPortRefusal: (port: number) => Promise<string | null>;
}

interface ExtensionPanelProps extends ExtensionPanelOptions {
  draft: ConfigDraft;
  onChange: (draft: ConfigDraft) => void;
  readOnly: boolean;
}

type ExtensionName = ExtensionValue['extension'];

/** The select's value for None: no option may have an empty value (spec section 5). */
const NONE = 'none';

/** The select's only value while the server's apps (the providers) load. */
const LOADING = 'loading';

const EXTENSION_LABELS: Record<ExtensionName, string> = { expose: 'Expose' };

/** What the user types for each item an extension contributes. */
const ITEM_LABELS: Record<string, { label: string; help: string }> = {
  [ExposeVariables.domains]: {
    label: 'Domains',
    help: 'One or more, separated by commas or spaces. Point their DNS records at this server.',
  },
  [ExposeVariables.hostPort]: { label: 'Host port', help: 'The server port the app answers on.' },
};

/**
 * The Extension panel (spec section 2): one selector per supported extension with None, 'Expose
 * Port' (the app itself) and 'Expose via {app name}' per app providing it; below it the items the
 * chosen app contributes, shown through the extension filter (spec section 6).
 */
export function ExtensionPanel({
  draft,
  onChange,
  readOnly,
  providers,
  custom,
  loading,
  hostPortRefusal,
}: ExtensionPanelProps) {
  // The host port as last checked with the server (on leaving the field), and its refusal.
  const [portCheck, setPortCheck] = useState<{ value: string; refusal: string | null } | null>(null);
  const checkHostPort = (value: string) => {
    const { port, error } = parseHostPort(value);
    if (error || portCheck?.value === value) return;
    // A failed check says nothing: the deploy checks again.
    hostPortRefusal(port).then(
      (refusal) => setPortCheck({ value, refusal }),
      () => setPortCheck(null),
    );
  };
  const selfId = draft.appId || SELF_APP_ID;
  // A custom app can use every extension; a catalog app those its template declares.
  const offered: ExtensionName[] = custom
    ? [EXPOSE]
    : draft.supportedExtensions.map((entry) => entry.extension);
  if (offered.length === 0) return null;
  const rows = contributedRows(draft);

  return (
    <Box as="section" aria-label="Extension">
      <Heading size="md" mb={2}>
        Extension
      </Heading>
      <Stack spacing={4}>
        {offered.map((extension) => {
          const provider = chosenProvider(draft, extension);
          const supported = draft.supportedExtensions.find((entry) => entry.extension === extension);
          const supportedError = supported ? supportedErrors(supported) : null;
          const label = EXTENSION_LABELS[extension];
          return (
            <Stack key={extension} spacing={3}>
              <FormControl isDisabled={readOnly || loading} maxW="md">
                <FormLabel>{label}</FormLabel>
                {/* Until the providers are known a chosen proxy has no option, and the select would show None. */}
                {loading ? (
                  <Select defaultValue={LOADING} aria-busy>
                    <option value={LOADING}>Loading apps...</option>
                  </Select>
                ) : (
                  <Select
                    value={provider === null ? NONE : provider === draft.appId ? SELF_APP_ID : provider}
                    onChange={(event) => {
                      const value = event.target.value;
                      const chosen = value === NONE ? null : value === SELF_APP_ID ? selfId : value;
                      onChange(chooseExtension(draft, extension, chosen, custom));
                    }}
                  >
                    <option value={NONE}>None</option>
                    <option value={SELF_APP_ID}>Expose Port</option>
                    {providers
                      .filter((app) => app.extension === extension && app.id !== draft.appId)
                      .map((app) => (
                        <option key={app.id} value={app.id}>
                          {`Expose via ${app.name}`}
                        </option>
                      ))}
                  </Select>
                )}
              </FormControl>
              {custom && provider && supported && (
                <HStack align="flex-start" spacing={3} flexWrap="wrap">
                  <FormControl isDisabled={readOnly} isInvalid={Boolean(supportedError?.service)} maxW="xs">
                    <FormLabel>Service</FormLabel>
                    <Input
                      fontFamily="mono"
                      placeholder="web"
                      value={supported.service}
                      onChange={(event) =>
                        onChange(setSupportedExtension(draft, extension, { service: event.target.value }))
                      }
                    />
                    <FormErrorMessage>{supportedError?.service}</FormErrorMessage>
                  </FormControl>
                  <FormControl isDisabled={readOnly} isInvalid={Boolean(supportedError?.port)} maxW="xs">
                    <FormLabel>Container port</FormLabel>
                    <Input
                      inputMode="numeric"
                      value={supported.port ? String(supported.port) : ''}
                      onChange={(event) =>
                        onChange(
                          setSupportedExtension(draft, extension, {
                            port: /^\d{1,5}$/.test(event.target.value) ? Number(event.target.value) : 0,
                          }),
                        )
                      }
                    />
                    <FormErrorMessage>{supportedError?.port}</FormErrorMessage>
                  </FormControl>
                </HStack>
              )}
              {(provider ? rowsOfApp(rows, draft.appId, provider) : []).map(({ entry, original }) => {
                const name = original?.name ?? entry.name;
                const text = ITEM_LABELS[name] ?? { label: name, help: '' };
                const value = entry.type === 'user' ? entry.value : '';
                const isHostPort = name === ExposeVariables.hostPort;
                const error =
                  contributedValueError(name, value) ??
                  (isHostPort && portCheck?.value === value ? portCheck.refusal : null);
                return (
                  <FormControl key={name} isDisabled={readOnly} isInvalid={Boolean(error)} maxW="xl">
                    <FormLabel>{text.label}</FormLabel>
                    <Input
                      fontFamily="mono"
                      value={value}
                      onChange={(event) =>
                        onChange(setContributedValue(draft, original?.id ?? entry.id, event.target.value))
                      }
                      onBlur={isHostPort ? (event) => checkHostPort(event.target.value) : undefined}
                    />
                    {error ? (
                      <FormErrorMessage>{error}</FormErrorMessage>
                    ) : (
                      text.help && <FormHelperText>{text.help}</FormHelperText>
                    )}
                  </FormControl>
                );
              })}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
