import { referencedVariables, rewriteVariableReferences } from './variable-references';

describe('variable references', () => {
  it('finds bare, braced and modified references, not escaped ones', () => {
    const content = 'a: $ONE\nb: ${TWO}\nc: ${THREE:-x}\nd: ${FOUR:?missing}\ne: $$FIVE\nf: ${SIX-y}';
    expect([...referencedVariables(content)].sort()).toEqual(['FOUR', 'ONE', 'SIX', 'THREE', 'TWO']);
  });

  it('rewrites every form and keeps defaults and messages', () => {
    const content = [
      'image: $DB',
      'pass: ${DB}',
      'port: ${DB:-5432}',
      'host: ${DB-localhost}',
      'must: ${DB:?DB is required}',
      'alt: ${DB:+set}',
      'set: ${DB:=x}',
    ].join('\n');
    expect(rewriteVariableReferences(content, 'DB', 'DATABASE')).toBe(
      [
        'image: $DATABASE',
        'pass: ${DATABASE}',
        'port: ${DATABASE:-5432}',
        'host: ${DATABASE-localhost}',
        'must: ${DATABASE:?DB is required}',
        'alt: ${DATABASE:+set}',
        'set: ${DATABASE:=x}',
      ].join('\n'),
    );
  });

  it('leaves longer names, plain words and escaped dollars alone', () => {
    const content = 'x: ${DB_HOST} $DBX DB $$DB ${DB_PORT:-1}';
    expect(rewriteVariableReferences(content, 'DB', 'DATABASE')).toBe(content);
  });

  it('rewrites a reference right after an escaped dollar', () => {
    expect(rewriteVariableReferences('$$$DB', 'DB', 'X')).toBe('$$$X');
  });
});
