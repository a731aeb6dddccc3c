import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavTooltip } from './NavTooltip';

// The tooltip's chunk, loaded on first hover or focus; a test makes it fail as a dropped network does.
let mockTooltipChunkFails = false;
jest.mock('./SidebarTooltip', () => {
  if (mockTooltipChunkFails) throw new Error('Loading chunk SidebarTooltip failed');
  return jest.requireActual('./SidebarTooltip');
});

it('keeps the item named by its label when the tooltip code fails, and loads it on the next hover', async () => {
  const user = userEvent.setup();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockTooltipChunkFails = true;
  render(
    <ChakraProvider>
      <NavTooltip label="Apps">
        <button type="button" aria-label="Apps" />
      </NavTooltip>
    </ChakraProvider>,
  );
  const item = screen.getByRole('button', { name: 'Apps' });
  await user.hover(item);
  await waitFor(() =>
    expect(warn).toHaveBeenCalledWith('Dockhand: sidebar tooltips unavailable', expect.any(Error)),
  );
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Apps' })).toBeInTheDocument();

  mockTooltipChunkFails = false;
  await user.unhover(item);
  await user.hover(item);
  expect(await screen.findByRole('tooltip', { name: 'Apps' })).toBeInTheDocument();
  warn.mockRestore();
});
