import { ToastStore, TOAST_REMOVE_DELAY_MS, toToastItem } from './toast-store';

function createStore() {
  return new ToastStore({
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  });
}

const openId = (store: ToastStore) => store.getItems().find((item) => item.open)?.id ?? -1;

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

  it('shows a polite toast at once when none is open', () => {
    const store = createStore();
    store.show({ title: 'Update Available', polite: true });
    expect(
      store
        .getItems()
        .filter((item) => item.open)
        .map((item) => item.title),
    ).toEqual(['Update Available']);
  });

  it('keeps a polite toast waiting until the visible one closes, even when another replaces it', () => {
    const store = createStore();
    const openTitles = () =>
      store
        .getItems()
        .filter((item) => item.open)
        .map((item) => item.title);
    store.show({ title: 'Server Connected', status: 'success' }, 5000);
    store.show({ title: 'Update Available', polite: true });
    expect(openTitles()).toEqual(['Server Connected']);

    store.show({ title: 'Server Renamed', status: 'success' }, 5000);
    expect(openTitles()).toEqual(['Server Renamed']);

    jest.advanceTimersByTime(5000);
    expect(openTitles()).toEqual(['Update Available']);
  });

  it('removes a dismissed toast 5000 ms after dismissal', () => {
    const store = createStore();
    store.show({ title: 'Saved' });
    const id = openId(store);
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
    store.show({ title: 'Hi' });
    const id = openId(store);
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
