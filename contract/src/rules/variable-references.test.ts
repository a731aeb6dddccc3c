import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  findVariableReferences,
  referencedVariables,
  rewriteVariableReferences,
} from './variable-references.js';

const found = (content: string) =>
  findVariableReferences(content).map((reference) => [
    reference.name,
    reference.modifier,
    reference.worksWhenUnset,
  ]);

test('finds plain, braced and modified references with their modifier', () => {
  assert.deepEqual(
    found(
      'a: $PLAIN\nb: ${BRACED}\nc: ${D:-x}\nd: ${E-y}\ne: ${F:?need F}\nf: ${G?e}\ng: ${H:+alt}\nh: ${I+alt}',
    ),
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

test('the assign-default forms ${X:=y} and ${X=y} are references that work when unset', () => {
  // The server's copy of this parser did not know `:=` and `=` and found nothing here.
  assert.deepEqual(found('a: ${X:=y}\nb: ${Y=z}'), [
    ['X', ':=', true],
    ['Y', '=', true],
  ]);
});

test('an escaped $$ refers to nothing, and references nested in defaults are found', () => {
  assert.deepEqual(findVariableReferences('cmd: echo $$HOME and $${NOT}'), []);
  assert.deepEqual(
    findVariableReferences('url: ${URL:-http://${HOST}:${PORT:-80}}').map((reference) => reference.name),
    ['URL', 'HOST', 'PORT'],
  );
  const content = 'a: $ONE\nb: ${TWO}\nc: ${THREE:-x}\nd: ${FOUR:?missing}\ne: $$FIVE\nf: ${SIX-y}';
  assert.deepEqual([...referencedVariables(content)].sort(), ['FOUR', 'ONE', 'SIX', 'THREE', 'TWO']);
});

test('names must start with a letter or underscore; a brace without a modifier is no reference', () => {
  assert.deepEqual(
    findVariableReferences('price: $5 and ${_VERSION}').map((reference) => reference.name),
    ['_VERSION'],
  );
  assert.deepEqual(findVariableReferences('${X:y} ${Y z}'), []);
});

test('rewrites every form and keeps defaults and messages', () => {
  const content = [
    'image: $DB',
    'pass: ${DB}',
    'port: ${DB:-5432}',
    'host: ${DB-localhost}',
    'must: ${DB:?DB is required}',
    'alt: ${DB:+set}',
    'set: ${DB:=x}',
    'eq: ${DB=x}',
  ].join('\n');
  assert.equal(
    rewriteVariableReferences(content, 'DB', 'DATABASE'),
    [
      'image: $DATABASE',
      'pass: ${DATABASE}',
      'port: ${DATABASE:-5432}',
      'host: ${DATABASE-localhost}',
      'must: ${DATABASE:?DB is required}',
      'alt: ${DATABASE:+set}',
      'set: ${DATABASE:=x}',
      'eq: ${DATABASE=x}',
    ].join('\n'),
  );
});

test('rewriting leaves longer names, plain words and escaped dollars alone', () => {
  const content = 'x: ${DB_HOST} $DBX DB $$DB ${DB_PORT:-1}';
  assert.equal(rewriteVariableReferences(content, 'DB', 'DATABASE'), content);
  assert.equal(rewriteVariableReferences('$$$DB', 'DB', 'X'), '$$$X');
});
