import {
  Alert,
  AlertDescription,
  AlertIcon,
  AlertTitle,
  Box,
  ListItem,
  UnorderedList,
} from '@chakra-ui/react';

const VALIDATION_ERRORS_TITLE = 'Please fix the following errors:';

export function ValidationErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert status="error" alignItems="flex-start" borderRadius="md">
      <AlertIcon />
      <Box>
        <AlertTitle>{VALIDATION_ERRORS_TITLE}</AlertTitle>
        <AlertDescription>
          <UnorderedList>
            {errors.map((error) => (
              <ListItem key={error}>{error}</ListItem>
            ))}
          </UnorderedList>
        </AlertDescription>
      </Box>
    </Alert>
  );
}
