import { Box, Heading, Tab, TabList, TabPanel, TabPanels, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { REMOTE_BUILD } from '../buildInfo';
import { AppsBreadcrumb } from './AppsBreadcrumb';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';
import { LazyLogViewer } from '../logs/LazyLogViewer';

/** Installed app (route `app/:appId`). Foundation version: tabs with lazy editor and log viewer. */
export default function AppDetailPage() {
  const { appId } = useParams();
  if (!appId) throw new Error('Missing route parameter: appId');
  const [draft, setDraft] = useState('');

  return (
    <Box data-remote-build={REMOTE_BUILD}>
      <AppsBreadcrumb current={appId} />
      <Heading size="lg" mb={4}>
        {appId}
      </Heading>
      {/* isLazy: the editor and log chunks load only when their tab is opened. */}
      <Tabs isLazy>
        <TabList>
          <Tab>Editor</Tab>
          <Tab>Settings</Tab>
          <Tab>Logs</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <LazyCodeEditor value={draft} onChange={setDraft} minHeight={300} />
          </TabPanel>
          <TabPanel>Settings</TabPanel>
          <TabPanel>
            <LazyLogViewer logs={[]} />
          </TabPanel>
        </TabPanels>
      </Tabs>
    </Box>
  );
}
