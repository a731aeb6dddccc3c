import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findVariableReferences } from './variable-references.js';

test('finds plain, braced and modified references with their modifier', () => {
  const found = findVariableReferences(
    'a: $PLAIN\nb: ${BRACED}\nc: ${D:-x}\nd: ${E-y}\ne: ${F:?need F}\nf: ${G?e}\ng: ${H:+alt}\nh: ${I+alt}',
  );
  assert.deepEqual(
    found.map((reference) => [reference.name, reference.modifier, reference.worksWhenUnset]),
    [
      ['PLAIN', '', false],
      ['BRACED', '', false],
      ['D', ':-', true],
      ['E', '-', true],
      ['F', ':?', false],
      ['G', '?', false],
      ['H', ':+', true],
      ['I', '+', true],
    ],
  );
});

test('an escaped $$ refers to nothing, and references nested in defaults are found', () => {
  assert.deepEqual(findVariableReferences('cmd: echo $$HOME and $${NOT}'), []);
  assert.deepEqual(
    findVariableReferences('url: ${URL:-http://${HOST}:${PORT:-80}}').map((reference) => reference.name),
    ['URL', 'HOST', 'PORT'],
  );
});

test('names must start with a letter or underscore', () => {
  assert.deepEqual(
    findVariableReferences('price: $5 and ${_VERSION}').map((reference) => reference.name),
    ['_VERSION'],
  );
});
