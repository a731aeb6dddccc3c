import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ToastContext, type ToastRequest } from 'shared';
import { couldNotOpen, lazyOnFirstOpen } from './lazyOnFirstOpen';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

function Dialog({ isOpen }: DialogProps) {
  return <div role="dialog" aria-label="Remove" data-open={String(isOpen)} />;
}

function setup(load: () => Promise<typeof Dialog>) {
  const LazyDialog = lazyOnFirstOpen(load, 'The dialog');
  const toasts: ToastRequest[] = [];
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open</button>
        <button onClick={() => setOpen(false)}>Close</button>
        <span data-testid="state">{open ? 'open' : 'closed'}</span>
        <LazyDialog isOpen={open} onClose={() => setOpen(false)} />
      </>
    );
  }
  render(
    <ToastContext.Provider value={{ showToast: (toast) => toasts.push(toast) }}>
      <Page />
    </ToastContext.Provider>,
  );
  const open = (value: boolean) =>
    fireEvent.click(screen.getByRole('button', { name: value ? 'Open' : 'Close' }));
  return { toasts, open };
}

test('loads on first open and stays mounted once closed, so its closing animation can run', async () => {
  const load = jest.fn(() => Promise.resolve(Dialog));
  const { open } = setup(load);
  expect(load).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).toBeNull();

  open(true);
  expect(await screen.findByRole('dialog', { name: 'Remove' })).toHaveAttribute('data-open', 'true');
  open(false);
  expect(screen.getByRole('dialog', { name: 'Remove' })).toHaveAttribute('data-open', 'false');
  open(true);
  expect(load).toHaveBeenCalledTimes(1);
});

test('code that cannot load is said in a toast, closes the dialog, and loads when opened again', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const load = jest
    .fn<Promise<typeof Dialog>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(Dialog);
  const { toasts, open } = setup(load);

  open(true);
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toEqual({ title: 'Error', description: couldNotOpen('The dialog'), status: 'error' });
  expect(toasts[0]?.description).toBe('The dialog could not be opened. Check your connection and try again.');
  expect(screen.getByTestId('state')).toHaveTextContent('closed');
  expect(screen.queryByRole('dialog')).toBeNull();

  open(true);
  expect(await screen.findByRole('dialog', { name: 'Remove' })).toHaveAttribute('data-open', 'true');
  expect(load).toHaveBeenCalledTimes(2);
  expect(toasts).toHaveLength(1);
  warn.mockRestore();
});
