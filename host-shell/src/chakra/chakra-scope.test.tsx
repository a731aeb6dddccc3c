import { useTheme } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { chakraIsland, PART_UNAVAILABLE } from './chakra-scope';

/** A part that reads Chakra's theme, as every Chakra component does. */
function ThemedPart({ label }: { label: string }) {
  const theme = useTheme() as { fonts?: { body?: string }; __cssMap?: object };
  return (
    <p>
      {label}: {theme.__cssMap ? 'shell theme' : 'no theme'}, {theme.fonts?.body?.split(',')[0]}
    </p>
  );
}

test('an island renders its part inside the shell Chakra provider once the part and Chakra are in', async () => {
  const Island = chakraIsland(() => Promise.resolve(ThemedPart));
  const { container } = render(<Island label="Invitations" />);
  expect(container).toBeEmptyDOMElement();
  expect(await screen.findByText('Invitations: shell theme, Inter')).toBeInTheDocument();
});

test('an island whose code cannot load says so in its place, and tries again when it renders anew', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const load = jest
    .fn<Promise<typeof ThemedPart>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(ThemedPart);
  const Island = chakraIsland(load);
  const { unmount } = render(<Island label="Welcome" />);
  expect(await screen.findByRole('alert')).toHaveTextContent(PART_UNAVAILABLE);
  expect(warn).toHaveBeenCalledWith('Dockhand: a part of the page could not load', expect.any(Error));
  unmount();

  render(<Island label="Welcome" />);
  expect(await screen.findByText('Welcome: shell theme, Inter')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  warn.mockRestore();
});
