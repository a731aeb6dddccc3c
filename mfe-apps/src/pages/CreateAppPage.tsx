import { Box, Breadcrumb, BreadcrumbItem, BreadcrumbLink, FormControl, FormLabel, Heading, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { REMOTE_BUILD } from '../buildInfo';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';

/** Create App (route `create-app`). Foundation version: name field and the lazy editor. */
export default function CreateAppPage() {
  const [name, setName] = useState('');
  const [compose, setCompose] = useState('');

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <Breadcrumb mb={4}>
        <BreadcrumbItem>
          <BreadcrumbLink as={RouterLink} to="/">
            Apps
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbItem isCurrentPage>
          <BreadcrumbLink>Create App</BreadcrumbLink>
        </BreadcrumbItem>
      </Breadcrumb>
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
