// A card for one destructive action (delete an app, delete a server); its dialog comes as children.
import { Box, Button, Card, CardBody, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DangerCardProps {
  title: string;
  description: ReactNode;
  buttonLabel: string;
  isDisabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

export function DangerCard({
  title,
  description,
  buttonLabel,
  isDisabled,
  onClick,
  children,
}: DangerCardProps) {
  return (
    <Card variant="outline" borderColor="red.200">
      <CardBody>
        <Stack spacing={3}>
          <Heading size="sm" color="red.700">
            {title}
          </Heading>
          <Text fontSize="sm" color="gray.600">
            {description}
          </Text>
          <Box>
            <Button size="sm" colorScheme="red" isDisabled={isDisabled} onClick={onClick}>
              {buttonLabel}
            </Button>
          </Box>
        </Stack>
      </CardBody>
      {children}
    </Card>
  );
}
