import {
  Button,
  Card,
  CardBody,
  Flex,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Heading,
  Input,
  Stack,
  useDisclosure,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AppIcon,
  appsQueryOptions,
  canRenameApp,
  useToastMessage,
  validateAppName,
  type AppConfig,
} from 'shared';
import { useRenameAppMutation } from '../useRenameAppMutation';
import { useUpdateAppIconMutation } from '../useUpdateAppIconMutation';
import { DeleteAppCard } from './DeleteAppCard';
import { IconPickerDialog } from './IconPickerDialog';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

interface SettingsTabProps {
  agentId: string;
  config: AppConfig;
  /** The apps exposed through this app (get-app extension_users). */
  extensionUsers: { id: string; name: string }[];
  disabled: boolean;
}

function NameCard({ agentId, config, disabled }: SettingsTabProps) {
  const showToast = useToastMessage();
  const apps = useQuery(appsQueryOptions(agentId));
  const [name, setName] = useState(config.name);
  const error = validateAppName(name, {
    existingNames: (apps.data ?? []).map((app) => app.name),
    currentName: config.name,
  });
  const rename = useRenameAppMutation(agentId, config.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRenameApp(name, config.name, error) && !rename.isPending)
      rename.mutate(name.trim(), {
        onSuccess: () => showToast({ title: 'App renamed', status: 'success' }),
      });
  };
  return (
    <Card variant="outline" as="form" onSubmit={submit} noValidate>
      <CardBody>
        <FormControl isInvalid={Boolean(error) && name !== config.name} isDisabled={disabled}>
          <FormLabel>App name</FormLabel>
          <Flex gap={2} maxW="lg">
            <Input value={name} onChange={(event) => setName(event.target.value)} />
            <Button
              type="submit"
              colorScheme="blue"
              isLoading={rename.isPending}
              isDisabled={disabled || !canRenameApp(name, config.name, error)}
            >
              Update
            </Button>
          </Flex>
          <FormErrorMessage>{error}</FormErrorMessage>
        </FormControl>
      </CardBody>
    </Card>
  );
}

function AppearanceCard({ agentId, config, disabled }: SettingsTabProps) {
  const showToast = useToastMessage();
  const picker = useDisclosure();
  const [colour, setColour] = useState(config.color);
  const save = useUpdateAppIconMutation(agentId, config.id);
  const saveAppearance = (next: { icon: string; color: string }) =>
    save.mutate(next, { onSuccess: () => showToast({ title: 'Icon updated', status: 'success' }) });
  const colourValid = HEX_COLOUR.test(colour);
  return (
    <Card variant="outline">
      <CardBody>
        <Stack spacing={4}>
          <Heading size="sm">Customize App</Heading>
          <Flex gap={4} align="center" wrap="wrap">
            <Flex
              w="64px"
              h="64px"
              rounded="xl"
              align="center"
              justify="center"
              color="white"
              bg={colourValid ? colour : config.color}
              data-testid="icon-preview"
            >
              <AppIcon name={config.icon} size={32} />
            </Flex>
            <Button size="sm" onClick={picker.onOpen} isDisabled={disabled}>
              Change Icon
            </Button>
            <FormControl w="auto" isInvalid={!colourValid} isDisabled={disabled}>
              <FormLabel fontSize="sm" mb={1}>
                Colour
              </FormLabel>
              <Flex gap={2}>
                <Input
                  type="color"
                  aria-label="Pick a colour"
                  value={colourValid ? colour : '#000000'}
                  onChange={(event) => setColour(event.target.value)}
                  w="48px"
                  p={1}
                />
                <Input
                  aria-label="Colour hex"
                  value={colour}
                  onChange={(event) => setColour(event.target.value)}
                  w="110px"
                  fontFamily="mono"
                />
                <Button
                  size="md"
                  isDisabled={disabled || !colourValid || colour.toLowerCase() === config.color.toLowerCase()}
                  isLoading={save.isPending}
                  onClick={() => saveAppearance({ icon: config.icon, color: colour })}
                >
                  Save colour
                </Button>
              </Flex>
            </FormControl>
          </Flex>
        </Stack>
      </CardBody>
      {picker.isOpen && (
        <IconPickerDialog
          current={config.icon}
          onClose={picker.onClose}
          onSelect={(icon) => {
            picker.onClose();
            saveAppearance({ icon, color: colourValid ? colour : config.color });
          }}
        />
      )}
    </Card>
  );
}

/** Settings tab: the app's name, icon and colour, and deleting it. */
export function SettingsTab(props: SettingsTabProps) {
  return (
    <Stack spacing={5} maxW="3xl">
      <NameCard key={props.config.name} {...props} />
      <AppearanceCard key={`${props.config.icon}${props.config.color}`} {...props} />
      <DeleteAppCard {...props} />
    </Stack>
  );
}
