import { ListItem, UnorderedList } from '@chakra-ui/react';
import { useRemoteRecords } from './remote-records';

/** The versions of the remotes in use, for the About dialog (support asks for them). */
export function RemoteVersions() {
  const records = Object.values(useRemoteRecords());
  if (records.length === 0) return null;
  return (
    <UnorderedList data-testid="remote-versions" styleType="none" ml={0} spacing={0.5}>
      {records.map((record) => (
        <ListItem key={record.remote}>
          {`${record.remote} ${record.version ?? (record.status === 'failed' ? 'unavailable' : '…')}`}
        </ListItem>
      ))}
    </UnorderedList>
  );
}
