import { extendTheme } from '@chakra-ui/react';

/** Dockhand's look: Chakra defaults with a calmer gray canvas and the Inter/system font stack. */
export const theme = extendTheme({
  fonts: {
    heading: `Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
    body: `Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
  },
  styles: {
    global: {
      body: { bg: 'white', color: 'gray.800' },
    },
  },
  components: {
    Button: { defaultProps: { colorScheme: 'blue' } },
  },
});
