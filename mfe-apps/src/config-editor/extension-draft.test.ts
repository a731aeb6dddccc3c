import { createDraft } from './config-draft';
import { contributedRows, ownVariableRows } from './draft-rows';
import { chooseExtension, contributedValue, extensionErrors, setContributedValue } from './extension-draft';
import { APP_ID, appDetails } from './test-fixtures';

const names = (rows: { entry: { name: string } }[]) => rows.map((row) => row.entry.name);

describe('the Extension panel draft', () => {
  const start = createDraft(
    appDetails({ variables: [{ name: 'TITLE', type: 'inherited' }, { name: 'MINE' }] }),
  );

  it('adds the item the chosen proxy contributes after the app’s own rows, numbered without gaps', () => {
    const draft = setContributedValue(
      chooseExtension(start, 'expose', 'proxy-a', false),
      'extension-variable:EXPOSE_DOMAINS',
      'shop.example.com',
    );
    expect(ownVariableRows(draft).map((row) => [row.number, row.entry.name])).toEqual([
      [1, 'TITLE'],
      [2, 'MINE'],
    ]);
    expect(names(contributedRows(draft))).toEqual(['EXPOSE_DOMAINS']);
    expect(contributedRows(draft)[0]?.isOverride).toBe(true);
    expect(extensionErrors(draft)).toEqual([]);
  });

  it('keeps the domains when another proxy is chosen and drops them for Expose Port or None', () => {
    const viaA = setContributedValue(
      chooseExtension(start, 'expose', 'proxy-a', false),
      'extension-variable:EXPOSE_DOMAINS',
      'shop.example.com',
    );
    const viaB = chooseExtension(viaA, 'expose', 'proxy-b', false);
    expect(viaB.extensionValues).toEqual([{ extension: 'expose', extension_app_id: 'proxy-b' }]);
    expect(contributedValue(viaB, 'EXPOSE_DOMAINS')).toBe('shop.example.com');

    const port = chooseExtension(viaB, 'expose', APP_ID, false);
    expect(names(contributedRows(port))).toEqual(['EXPOSE_HOST_PORT']);
    expect(port.variables.some((variable) => variable.name === 'EXPOSE_DOMAINS')).toBe(false);

    const none = chooseExtension(port, 'expose', null, false);
    expect(none.extensionValues).toEqual([]);
    expect(names(contributedRows(none))).toEqual([]);
    expect(names(ownVariableRows(none))).toEqual(['TITLE', 'MINE']);
  });

  it('gives a custom app a service and port to fill in, and forgets them on None when incomplete', () => {
    const chosen = chooseExtension(start, 'expose', 'proxy-a', true);
    expect(chosen.supportedExtensions).toEqual([{ extension: 'expose', service: '', port: 80 }]);
    expect(chooseExtension(chosen, 'expose', null, true).supportedExtensions).toEqual([]);
    const complete = {
      ...chosen,
      supportedExtensions: [{ extension: 'expose' as const, service: 'web', port: 80 }],
    };
    expect(chooseExtension(complete, 'expose', null, true).supportedExtensions).toEqual(
      complete.supportedExtensions,
    );
  });
});
