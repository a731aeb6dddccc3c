import { QueryClient } from '@tanstack/react-query';
import { FIRST_DATA_GRACE_MS, startFirstScreenPrefetch } from './prefetch';

const mockState = {
  signedIn: true,
  queryClient: new QueryClient(),
  answerAgents: (_agents: { id: string }[]) => undefined as void,
  appsRequested: [] as string[],
};

jest.mock('shared', () => ({
  ...jest.requireActual('shared'),
  getBrowserAuthSession: () => ({ hasValidToken: () => mockState.signedIn }),
  get queryClient() {
    return mockState.queryClient;
  },
  agentsQueryOptions: () => ({
    queryKey: ['agents', 'list'],
    queryFn: () => new Promise((resolve) => (mockState.answerAgents = resolve)),
  }),
  appsQueryOptions: (agentId: string) => ({
    queryKey: ['apps', agentId, 'list'],
    queryFn: async () => {
      mockState.appsRequested.push(agentId);
      return [];
    },
  }),
}));
jest.mock('../routes', () => {
  const page = () => ({ preload: jest.fn(async () => ({ default: () => null })) });
  return { loginPage: page(), protectedLayout: page(), dashboardPage: page() };
});
const routes = jest.requireMock('../routes');

function track(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  localStorage.clear();
  mockState.signedIn = true;
  mockState.queryClient = new QueryClient();
  mockState.appsRequested = [];
});
afterEach(() => jest.useRealTimers());

test('signed in on the dashboard: ready once its pages and its servers and apps are in', async () => {
  const ready = track(startFirstScreenPrefetch('#/'));
  await jest.advanceTimersByTimeAsync(FIRST_DATA_GRACE_MS / 2);
  expect(routes.protectedLayout.preload).toHaveBeenCalled();
  expect(routes.dashboardPage.preload).toHaveBeenCalled();
  expect(ready.settled).toBe(false); // the server list is not in yet

  mockState.answerAgents([{ id: 'agent-1' }, { id: 'agent-2' }]);
  await jest.advanceTimersByTimeAsync(0);
  expect(ready.settled).toBe(true);
  expect(mockState.appsRequested).toEqual(['agent-1']); // the first server, as the shell chooses
});

test('data slower than the grace period does not hold the first render back longer', async () => {
  localStorage.setItem('agent_id', 'agent-2');
  const ready = track(startFirstScreenPrefetch('#/'));
  expect(mockState.appsRequested).toEqual(['agent-2']); // the remembered server's apps at once
  await jest.advanceTimersByTimeAsync(FIRST_DATA_GRACE_MS - 1);
  expect(ready.settled).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(ready.settled).toBe(true);
});

test('the login page and signed-out visitors start no data, and only the login page preloads', async () => {
  await startFirstScreenPrefetch('#/login');
  expect(routes.loginPage.preload).toHaveBeenCalled();
  mockState.signedIn = false;
  await startFirstScreenPrefetch('#/');
  expect(routes.protectedLayout.preload).not.toHaveBeenCalled();
  expect(mockState.queryClient.getQueryCache().getAll()).toHaveLength(0);
});

test('another route of the shell preloads the shell but not the dashboard', async () => {
  const ready = startFirstScreenPrefetch('#/catalog');
  mockState.answerAgents([]);
  await jest.advanceTimersByTimeAsync(0);
  await ready;
  expect(routes.protectedLayout.preload).toHaveBeenCalled();
  expect(routes.dashboardPage.preload).not.toHaveBeenCalled();
});
