import { Box } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ShellChakraProvider } from './ShellChakraProvider';
import { SHELL_STYLESHEET } from './shell-stylesheet';

const STYLESHEET = path.join(__dirname, 'shell.css');
const HEADER =
  '/* Made by shell-css.test.tsx (UPDATE_SHELL_CSS=1 pnpm test:unit -- shell-css) from shell-stylesheet.ts: the CSS Chakra makes of each style, under its class. */\n';

/**
 * The rules Chakra and emotion insert for `<Box className={name} sx={style}>` in the shell's
 * provider, with emotion's generated class replaced by `name`: the same selectors, specificity and
 * declarations the element had when the style was its `sx`.
 */
function rulesOf(name: string, style: (typeof SHELL_STYLESHEET)[string]): string[] {
  const inserted: string[] = [];
  const insertRule = CSSStyleSheet.prototype.insertRule;
  const spy = jest.spyOn(CSSStyleSheet.prototype, 'insertRule').mockImplementation(function (
    this: CSSStyleSheet,
    rule: string,
    index?: number,
  ) {
    inserted.push(rule);
    return insertRule.call(this, rule, index);
  });
  let generated: string | undefined;
  try {
    const { container, unmount } = render(
      <ShellChakraProvider>
        <Box className={name} sx={style} />
      </ShellChakraProvider>,
    );
    generated = [...(container.querySelector(`.${name}`)?.classList ?? [])].find((c) => c.startsWith('css-'));
    unmount();
  } finally {
    spy.mockRestore();
  }
  if (!generated) throw new Error(`${name}: emotion made no class`);
  const ownClass = new RegExp(`\\.${generated}(?![\\w-])`, 'g');
  const rules = inserted
    .filter((rule) => rule.match(ownClass))
    .map((rule) => rule.replace(ownClass, `.${name}`));
  if (!rules.length) throw new Error(`${name}: no rules (a style equal to another one?)`);
  return rules;
}

function shellCss(): string {
  const rules = Object.entries(SHELL_STYLESHEET).flatMap(([name, style]) => rulesOf(name, style));
  return `${HEADER}${rules.join('\n')}\n`;
}

test('shell.css holds exactly the CSS Chakra makes of each style in shell-stylesheet.ts', () => {
  const expected = shellCss();
  expect(expected).toContain('.dh-sidebar .dh-nav-item{'); // a rule inside a scope
  expect(expected).toMatch(/@media screen and \(min-width: 48em\)\{\.dh-dashboard /); // a breakpoint
  if (process.env.UPDATE_SHELL_CSS) writeFileSync(STYLESHEET, expected);
  expect(readFileSync(STYLESHEET, 'utf8')).toBe(expected);
});
