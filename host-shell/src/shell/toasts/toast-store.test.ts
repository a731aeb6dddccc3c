import { ToastStore, TOAST_REMOVE_DELAY_MS, toToastItem } from './toast-store';

function createStore() {
  return new ToastStore({
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  });
}

describe('ToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps at most one visible toast: a new one replaces the old', () => {
    const store = createStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second', status: 'success' });
    const visible = store.getItems().filter((item) => item.open);
    expect(visible.map((item) => item.title)).toEqual(['Second']);
  });

  it('removes a dismissed toast 5000 ms after dismissal', () => {
    const store = createStore();
    const id = store.show({ title: 'Saved' });
    store.dismiss(id);
    expect(store.getItems()).toEqual([expect.objectContaining({ id, open: false })]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getItems()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getItems()).toHaveLength(0);
  });

  it('closes by itself after its duration, then is removed', () => {
    const store = createStore();
    store.show({ title: 'Hello' }, 5000);
    jest.advanceTimersByTime(5000);
    expect(store.getItems()[0]?.open).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(store.getItems()).toHaveLength(0);
  });

  it('dismisses the visible toast on request (Escape) and ignores repeated dismissals', () => {
    const store = createStore();
    const listener = jest.fn();
    store.subscribe(listener);
    const id = store.show({ title: 'Hi' });
    store.dismissVisible();
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('toToastItem', () => {
  it('maps error to a destructive toast titled Error by default', () => {
    expect(toToastItem(1, { title: '', description: 'boom', status: 'error' })).toEqual({
      id: 1,
      title: 'Error',
      description: 'boom',
      variant: 'destructive',
      open: true,
    });
    expect(toToastItem(2, { title: 'Server Connected', status: 'success' }).variant).toBe('success');
    expect(toToastItem(3, { title: 'Note' }).variant).toBe('default');
  });
});
