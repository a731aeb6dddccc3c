import { eventBus } from '../events/event-bus';
import { createQueryClient, retryDelay, type DashboardMutationMeta } from './queryClient';

describe('QueryClient defaults (spec section 9)', () => {
  it('retries 3 times with exponential backoff from 1 s capped at 30 s, and collects garbage after 5 min', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(3);
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect([0, 1, 2, 3, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30000, 30000]);
  });

  it('raises the toast named in meta when a query fails', async () => {
    const client = createQueryClient();
    const toasts = jest.fn();
    const unsubscribe = eventBus.subscribe('toast:show', toasts);
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(new Error('boom')),
        retry: false,
        meta: { errorToast: 'Error' },
      })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(new Error('quiet')), retry: false })
      .catch(() => undefined);
    unsubscribe();
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(toasts).toHaveBeenCalledWith({ title: 'Error', description: 'boom', status: 'error' });
  });
});

describe('MutationCache (typed mutation meta)', () => {
  const failing = (
    client: ReturnType<typeof createQueryClient>,
    meta: DashboardMutationMeta,
    variables: unknown = 'x',
  ) =>
    client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('refused')), meta })
      .execute(variables)
      .catch(() => undefined);

  it('raises the error toast a mutation names: title with the error, fixed texts, or from the variables', async () => {
    const client = createQueryClient();
    const toasts = jest.fn();
    const unsubscribe = eventBus.subscribe('toast:show', toasts);
    await failing(client, { errorToast: 'Rename Failed' });
    await failing(client, {
      errorToast: { title: 'Error', description: 'Failed to delete the app. Please try again.' },
    });
    await failing(
      client,
      { errorToast: (_error: Error, target: unknown) => `Unable to open ${String(target)}` },
      'portal',
    );
    await failing(client, { errorToast: () => null });
    await failing(client, {});
    unsubscribe();
    expect(toasts.mock.calls.map(([toast]) => toast)).toEqual([
      { title: 'Rename Failed', description: 'refused', status: 'error' },
      { title: 'Error', description: 'Failed to delete the app. Please try again.', status: 'error' },
      { title: 'Unable to open portal', description: 'refused', status: 'error' },
    ]);
  });

  it('invalidates the query roots a successful mutation names, and nothing else', async () => {
    const client = createQueryClient();
    client.setQueryData(['apps', 'a', 'list'], []);
    client.setQueryData(['apps', 'b', 'list'], []);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve('ok'), meta: { invalidates: [['apps', 'a']] } })
      .execute(undefined);
    expect(client.getQueryState(['apps', 'a', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['apps', 'b', 'list'])?.isInvalidated).toBe(false);
  });
});
