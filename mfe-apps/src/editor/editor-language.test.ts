import { languageForFilename } from './editor-language';

describe('languageForFilename', () => {
  it.each([
    ['compose.yml', 'yaml'],
    ['config/app.YAML', 'yaml'],
    ['settings.json', 'json'],
    ['scripts/entrypoint.sh', 'sh'],
    ['.env', 'ini'],
    ['php.ini', 'ini'],
    ['nginx.conf', 'text'],
    ['Dockerfile', 'text'],
    ['notes.unknownext', 'text'],
    ['dir.d/README', 'text'],
  ])('%s is edited as %s', (filename, language) => {
    expect(languageForFilename(filename)).toBe(language);
  });
});
