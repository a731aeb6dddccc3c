import { answerApi } from 'shared/src/test-support/api';
import { ok } from 'shared/src/test-support/render-page';
import { APP_DETAILS_CACHE_MS, fetchAppDetails, forgetStoredDetails, readStoredDetails } from './app-api';

const details = (version: string) => ({
  config: { id: 'app-1', name: 'gitea', version, files: [], variables: [] },
  tags: [],
  versions: [],
  files: {},
  variables: {},
});

beforeEach(() => sessionStorage.clear());

test("an app's current details are kept in session storage for 5 minutes; a version's are not", async () => {
  answerApi({ '/api/v1/apps/get-app': ok(details('1.0.0')) });
  await fetchAppDetails('agent-1', 'app-1');
  const stored = readStoredDetails('agent-1', 'app-1');
  expect(stored?.details.config.version).toBe('1.0.0');
  expect(readStoredDetails('agent-1', 'app-1', stored!.savedAt + APP_DETAILS_CACHE_MS - 1)).not.toBeNull();
  expect(readStoredDetails('agent-1', 'app-1', stored!.savedAt + APP_DETAILS_CACHE_MS)).toBeNull();

  forgetStoredDetails('agent-1', 'app-1');
  answerApi({ '/api/v1/apps/get-app': ok(details('1.1.0')) });
  await fetchAppDetails('agent-1', 'app-1', '1.1.0');
  expect(readStoredDetails('agent-1', 'app-1')).toBeNull();
});

test('details without a config are refused', async () => {
  answerApi({ '/api/v1/apps/get-app': ok(null) });
  await expect(fetchAppDetails('agent-1', 'app-1')).rejects.toThrow('App details not found');
});
