import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from './theme';

const STYLESHEET = path.join(__dirname, 'chakra-global.css');
const HEADER =
  '/* Made by chakra-global-css.test.tsx (UPDATE_CHAKRA_GLOBAL_CSS=1 pnpm test:unit -- chakra-global-css): what ChakraProvider injects for the theme, see ShellChakraProvider. */\n';

/** The global rules ChakraProvider's emotion <Global>s insert for Dockhand's theme, in page order. */
function globalRulesOfChakraProvider(): string {
  const rules = new Map<CSSStyleSheet, string[]>();
  const insertRule = CSSStyleSheet.prototype.insertRule;
  const spy = jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation(function (
    this: CSSStyleSheet,
    rule: string,
    index?: number,
  ) {
    rules.set(this, [...(rules.get(this) ?? []), rule]);
    return insertRule.call(this, rule, index);
  });
  try {
    render(
      <ChakraProvider theme={theme}>
        <div />
      </ChakraProvider>,
    );
  } finally {
    spy.mockRestore();
  }
  const globalTags = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')];
  return globalTags.flatMap((tag) => (tag.sheet && rules.get(tag.sheet)) || []).join('\n');
}

test('chakra-global.css holds exactly the global styles ChakraProvider injects for the theme', () => {
  const expected = `${HEADER}${globalRulesOfChakraProvider()}\n`;
  expect(expected).toContain('--chakra-colors-blue-600:'); // the theme's variables
  expect(expected).toContain('box-sizing:border-box'); // the CSS reset
  if (process.env.UPDATE_CHAKRA_GLOBAL_CSS) writeFileSync(STYLESHEET, expected);
  expect(readFileSync(STYLESHEET, 'utf8')).toBe(expected);
});
