import { Box, FormControl, FormLabel, Heading, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { REMOTE_BUILD } from '../buildInfo';
import { AppsBreadcrumb } from './AppsBreadcrumb';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';

/** Create App (route `create-app`). Foundation version: name field and the lazy editor. */
export default function CreateAppPage() {
  const [name, setName] = useState('');
  const [compose, setCompose] = useState('');

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <AppsBreadcrumb current="Create App" />
      <Heading size="lg" mb={4}>
        Create App
      </Heading>
      <FormControl mb={4}>
        <FormLabel>App Name</FormLabel>
        <Input value={name} onChange={(event) => setName(event.target.value)} />
      </FormControl>
      <LazyCodeEditor value={compose} onChange={setCompose} />
    </Box>
  );
}
