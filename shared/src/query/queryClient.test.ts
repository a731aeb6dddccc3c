import { eventBus } from '../events/event-bus';
import { createQueryClient, retryDelay } from './queryClient';

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
