import { useRemoteRecords } from './remote-records';

/** The versions of the remotes in use, for the user menu or footer (support asks for them). */
export function RemoteVersions() {
  const records = Object.values(useRemoteRecords());
  if (records.length === 0) return null;
  return (
    <small data-testid="remote-versions" style={{ color: '#718096' }}>
      {records
        .map(
          (record) =>
            `${record.remote} ${record.version ?? (record.status === 'failed' ? 'unavailable' : '…')}`,
        )
        .join(' · ')}
    </small>
  );
}
