import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DeployProgress, RunningDeploy } from 'contract';
import { ok, renderPage } from '../test-support/render-page';
import { DeployProgressPanel } from '../ui/DeployProgressPanel';
import { formatDuration, useDeployProgress } from './deployProgress';

const PROGRESS_PATH = '/api/v1/apps/get-deploy-progress';

const building: DeployProgress = {
  step: 'building',
  cancelled: false,
  images: [
    {
      service: 'db',
      state: 'pulling',
      layers_total: 5,
      layers_done: 3,
      bytes_done: 12_500_000,
      bytes_total: 33_370_000,
    },
  ],
  builds: [{ service: 'web', done: false, lines: ['Step 1/3 : FROM node:20', 'Step 2/3 : RUN npm ci'] }],
  services: [{ service: 'cache', state: 'started', at_ms: 4_000 }],
};
const running = (progress: DeployProgress | null): RunningDeploy => ({
  id: 'op-7',
  action: 'version',
  version: '2.0',
  started_at: Date.now() - 12_000,
  elapsed_ms: 12_000,
  progress,
});

function Panel({ canCancel }: { canCancel: boolean }) {
  return <DeployProgressPanel progress={useDeployProgress('agent-1', 'app-1')} canCancel={canCancel} />;
}

function renderPanel(deploy: RunningDeploy | null, canCancel = true) {
  const answers = {
    [PROGRESS_PATH]: ok({ deploy }),
    '/api/v1/apps/cancel-deploy': ok(null),
  };
  const rendered = renderPage(<Panel canCancel={canCancel} />, {
    route: '/app/app-1',
    path: '/app/:appId',
    answers,
  });
  return { ...rendered, answers };
}

const progressCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url]) => new URL(url as string).pathname === PROGRESS_PATH).length;

test('a running deploy shows its step and time, each image pull, the build as it streams and each service', async () => {
  renderPanel(running(building));
  expect(await screen.findByRole('heading', { name: 'Version change 2.0' })).toBeInTheDocument();
  expect(screen.getByTestId('progress-step')).toHaveTextContent(/^Building images · 1[23]\.0 s$/);
  expect(screen.getByTestId('progress-image')).toHaveTextContent('db');
  expect(screen.getByTestId('progress-image')).toHaveTextContent(
    'Pulling · 3/5 layers · 11.92 MB of 31.82 MB',
  );
  expect(screen.getByTestId('progress-build-output')).toHaveTextContent('Step 2/3 : RUN npm ci');
  expect(screen.getByTestId('progress-service')).toHaveTextContent('cachestartedat 4.0 s');
});

test('it is read again while the deploy runs, shows new lines, and goes away when the deploy ends', async () => {
  const { answers, fetchMock } = renderPanel(running(building));
  await screen.findByTestId('progress-build-output');
  answers[PROGRESS_PATH] = ok({
    deploy: running({
      ...building,
      step: 'starting',
      builds: [{ service: 'web', done: true, lines: ['Successfully tagged web:2.0'] }],
      services: [{ service: 'web', state: 'healthy', at_ms: 15_000 }],
    }),
  });
  await waitFor(() => expect(screen.getByTestId('progress-step')).toHaveTextContent(/^Starting services/), {
    timeout: 3_000,
  });
  expect(screen.getByTestId('progress-build-output')).toHaveTextContent('Successfully tagged web:2.0');
  expect(screen.getByTestId('progress-service')).toHaveTextContent('webhealthy');
  answers[PROGRESS_PATH] = ok({ deploy: null });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Deploy in progress' })).toBeNull(), {
    timeout: 3_000,
  });
  // Nothing runs: the panel stops asking.
  const calls = progressCalls(fetchMock);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(progressCalls(fetchMock)).toBe(calls);
});

test('Cancel deploy asks the server to stop this deploy; then the panel says the app is being put back', async () => {
  const { answers, fetchMock } = renderPanel(running(building));
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel deploy' }));
  await waitFor(() =>
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/v1/apps/cancel-deploy'))).toBe(
      true,
    ),
  );
  const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/v1/apps/cancel-deploy'))!;
  expect(JSON.parse(String((init as RequestInit).body))).toEqual({ app_id: 'app-1', deploy_id: 'op-7' });
  answers[PROGRESS_PATH] = ok({ deploy: running({ ...building, step: 'rolling-back', cancelled: true }) });
  await waitFor(
    () =>
      expect(screen.getByTestId('progress-step')).toHaveTextContent(
        /^Cancelled: putting the app back as it was/,
      ),
    { timeout: 3_000 },
  );
  expect(screen.queryByRole('button', { name: 'Cancel deploy' })).toBeNull();
});

test('with nothing running the panel shows nothing and asks once', async () => {
  const { fetchMock } = renderPanel(null);
  await waitFor(() => expect(progressCalls(fetchMock)).toBe(1));
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(progressCalls(fetchMock)).toBe(1);
  expect(screen.queryByRole('region', { name: 'Deploy in progress' })).toBeNull();
});

test('who may not deploy sees the progress without Cancel', async () => {
  renderPanel(running(null), false);
  expect(await screen.findByTestId('progress-step')).toHaveTextContent(/^Preparing · /);
  expect(screen.queryByRole('button', { name: 'Cancel deploy' })).toBeNull();
});

test('durations read as people say them', () => {
  expect(formatDuration(850)).toBe('850 ms');
  expect(formatDuration(12_440)).toBe('12.4 s');
  expect(formatDuration(185_000)).toBe('3 min 05 s');
});
