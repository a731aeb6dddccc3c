import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { eventBus } from 'shared';
import { ToastStore, TOAST_REMOVE_DELAY_MS } from './toast-store';
import { Toaster } from './Toaster';

function setup() {
  const store = new ToastStore({
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  });
  render(
    <ChakraProvider>
      <Toaster store={store} />
    </ChakraProvider>,
  );
  return store;
}

function raise(title: string, status?: 'success' | 'error') {
  act(() => eventBus.publish('toast:show', { title, description: `${title} details`, status }));
}

// jsdom has no PointerEvent: a MouseEvent carrying pointerType is enough for the swipe handler.
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}

describe('Toaster', () => {
  beforeAll(() => {
    if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: TestPointerEvent });
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows toasts raised on the shared event bus, one at a time', () => {
    setup();
    raise('First');
    raise('Server Connected', 'success');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Server Connected');
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'success');
  });

  it('uses the destructive variant for failures', () => {
    setup();
    act(() =>
      eventBus.publish('toast:show', { title: '', description: 'Failed to delete agent', status: 'error' }),
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('status')).toHaveTextContent('ErrorFailed to delete agent');
  });

  it('closes with its close button and is removed 5000 ms later', () => {
    const store = setup();
    raise('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(store.getItems()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(store.getItems()).toHaveLength(0);
  });

  it('closes with Escape', () => {
    setup();
    raise('Saved');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on a swipe right past 50 px and stays on a short swipe', () => {
    setup();
    raise('Swipe me');
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 100, pointerType: 'mouse' });
    fireEvent.pointerMove(toast, { clientX: 130, pointerType: 'mouse' });
    fireEvent.pointerUp(toast, { clientX: 130, pointerType: 'mouse' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100, pointerType: 'mouse' });
    fireEvent.pointerMove(toast, { clientX: 160, pointerType: 'mouse' });
    fireEvent.pointerUp(toast, { clientX: 160, pointerType: 'mouse' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes by itself after 5000 ms', () => {
    setup();
    raise('Auto');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
