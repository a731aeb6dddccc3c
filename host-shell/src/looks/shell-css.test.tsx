import { Box } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { ShellChakraProvider } from '../chakra/ShellChakraProvider';
import { SHELL_LOOKS, SHELL_STYLESHEET } from './shell-stylesheet';

const STYLESHEET = path.join(__dirname, 'shell.css');
const HEADER =
  '/* Made by shell-css.test.tsx (UPDATE_SHELL_CSS=1 pnpm test:unit -- shell-css) from shell-stylesheet.tsx: the CSS Chakra makes of each style and look, under its class. */\n';

const EMOTION_CLASS = /^css-/;

/**
 * Renders `element` in the shell's provider with an emotion cache of its own (emotion inserts a
 * style once per cache, and two looks may share a part's style): the rules it inserted, and the
 * page's elements.
 */
function renderCapturing(element: ReactElement): { inserted: string[]; elements: Element[] } {
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
  try {
    const { container, unmount } = render(
      <CacheProvider value={createCache({ key: 'css' })}>
        <ShellChakraProvider>{element}</ShellChakraProvider>
      </CacheProvider>,
    );
    const elements = [...container.querySelectorAll('*')].filter((node) => node.id !== '__chakra_env');
    unmount();
    return { inserted, elements };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The inserted rules of each emotion class in `renames`, under its new class: the same selectors,
 * specificity and declarations the element had. Keyframes they use come along, by their own name.
 */
function renamedRules(name: string, inserted: string[], renames: Map<string, string>): string[] {
  const rules: string[] = [];
  for (const [generated, own] of renames) {
    const pattern = new RegExp(`\\.${generated}(?![\\w-])`, 'g');
    const found = inserted
      .filter((rule) => rule.match(pattern))
      .map((rule) => rule.replace(pattern, `.${own}`));
    if (!found.length) throw new Error(`${name}: no rules for ${own} (a style equal to another one?)`);
    rules.push(...found);
  }
  const keyframes = inserted.filter((rule) => {
    const keyframe = rule.match(/^@keyframes ([\w-]+)/)?.[1];
    return keyframe !== undefined && rules.some((kept) => kept.includes(keyframe));
  });
  return [...keyframes, ...rules];
}

/** `<Box className={name} sx={style}>`'s rules under `.name`. */
function styleRules(name: string, style: (typeof SHELL_STYLESHEET)[string]): string[] {
  const { inserted, elements } = renderCapturing(<Box className={name} sx={style} />);
  const generated = [...(elements[0]?.classList ?? [])].find((c) => EMOTION_CLASS.test(c));
  if (!generated) throw new Error(`${name}: emotion made no class`);
  return renamedRules(name, inserted, new Map([[generated, name]]));
}

/** A part's name from its Chakra class (`chakra-select__icon-wrapper` → `icon-wrapper`), else its tag. */
function partName(element: Element): string {
  const chakraClass = [...element.classList].find((c) => c.startsWith('chakra-'));
  if (!chakraClass) return element.tagName.toLowerCase();
  return chakraClass.slice('chakra-'.length).split('__').at(-1)!;
}

/** A Chakra component's rules: its root's under `.name`, each styled part's under `.name__part`. */
function lookRules(name: string, element: ReactElement): string[] {
  const { inserted, elements } = renderCapturing(element);
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  elements.forEach((node, index) => {
    const generated = [...node.classList].find((c) => EMOTION_CLASS.test(c));
    if (!generated || renames.has(generated)) return;
    const base = index === 0 ? name : `${name}__${partName(node)}`;
    let own = base;
    for (let n = 2; taken.has(own); n += 1) own = `${base}-${n}`;
    taken.add(own);
    renames.set(generated, own);
  });
  if (!renames.size) throw new Error(`${name}: emotion made no class`);
  return renamedRules(name, inserted, renames);
}

function shellCss(): string {
  const rules = [
    ...Object.entries(SHELL_STYLESHEET).flatMap(([name, style]) => styleRules(name, style)),
    ...Object.entries(SHELL_LOOKS).flatMap(([name, element]) => lookRules(name, element)),
  ];
  return `${HEADER}${rules.join('\n')}\n`;
}

test('shell.css holds exactly the CSS Chakra makes of each style and look in shell-stylesheet.tsx', () => {
  const expected = shellCss();
  expect(expected).toContain('.dh-sidebar .dh-nav-item{'); // a rule inside a scope
  expect(expected).toMatch(/@media screen and \(min-width: 48em\)\{\.dh-dashboard /); // a breakpoint
  expect(expected).toContain('.dh-server-select__icon-wrapper{'); // a look's part
  expect(expected).toMatch(/@keyframes animation-\w+\{/); // the spinner's and skeletons' animations
  if (process.env.UPDATE_SHELL_CSS) writeFileSync(STYLESHEET, expected);
  expect(readFileSync(STYLESHEET, 'utf8')).toBe(expected);
});
