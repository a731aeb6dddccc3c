import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const registerMock = jest.mocked(registerRemotes);
const loadMock = jest.mocked(loadRemote);

const manifest = {
  remotes: {
    'mfe-catalog': {
      stable: '1.0.0',
      history: ['0.9.0', '1.0.0'],
      rollouts: [{ version: '1.4.0', percent: 100, orgs: [] }],
      versions: {
        '0.9.0': { entry: '/remotes/mfe-catalog/0.9.0/remoteEntry.js' },
        '1.0.0': { entry: '/remotes/mfe-catalog/1.0.0/remoteEntry.js' },
        '1.4.0': { entry: '/remotes/mfe-catalog/1.4.0/remoteEntry.js' },
      },
    },
  },
};

/** Fresh module state (manifest cache, active versions) per test. */
function freshLoader(): typeof import('./remote-loader') {
  let loader!: typeof import('./remote-loader');
  jest.isolateModules(() => {
    loader = jest.requireActual<typeof import('./remote-loader')>('./remote-loader');
  });
  return loader;
}

/** The MF runtime answers for the entry registered last: the listed versions fail. */
function runtimeWhereBroken(...brokenVersions: string[]) {
  let registered = '';
  registerMock.mockImplementation((remotes) => {
    const remote = remotes[0]!;
    registered = 'entry' in remote ? remote.entry : '';
  });
  loadMock.mockImplementation(async () => {
    const version = registered.split('/').at(-2)!;
    if (brokenVersions.includes(version)) throw new Error(`#RUNTIME-008 ScriptNetworkError ${version}`);
    return { default: `page from ${version}` };
  });
}

describe('loadRemoteModule', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    global.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      statusText: 'OK',
      json: async () => manifest,
    })) as unknown as typeof fetch;
    delete window.__DOCKHAND_REMOTES__;
  });

  it('loads the version the rules select, from the entry the manifest names', async () => {
    runtimeWhereBroken();
    await expect(freshLoader().loadRemoteModule('mfe-catalog', 'CatalogPage')).resolves.toEqual({
      default: 'page from 1.4.0',
    });
    expect(registerMock).toHaveBeenCalledWith(
      [{ name: 'mfe_catalog', entry: 'http://localhost/remotes/mfe-catalog/1.4.0/remoteEntry.js' }],
      { force: true },
    );
    expect(loadMock).toHaveBeenCalledWith('mfe_catalog/CatalogPage');
    expect(window.__DOCKHAND_REMOTES__?.['mfe-catalog']).toMatchObject({
      status: 'loaded',
      version: '1.4.0',
      reason: 'percentage',
    });
  });

  it('falls back to the stable version, then to the previous stable one', async () => {
    runtimeWhereBroken('1.4.0', '1.0.0');
    await expect(freshLoader().loadRemoteModule('mfe-catalog', 'CatalogPage')).resolves.toEqual({
      default: 'page from 0.9.0',
    });
    expect(window.__DOCKHAND_REMOTES__?.['mfe-catalog']).toMatchObject({
      selectedVersion: '1.4.0',
      version: '0.9.0',
      failedVersions: ['1.4.0', '1.0.0'],
    });
    // Each broken version was tried twice (one retry) before moving on.
    expect(loadMock).toHaveBeenCalledTimes(5);
  });

  it('fails with a clear error when no version loads, and a later attempt starts over', async () => {
    runtimeWhereBroken('1.4.0', '1.0.0', '0.9.0');
    const loader = freshLoader();
    await expect(loader.loadRemoteModule('mfe-catalog', 'CatalogPage')).rejects.toThrow(
      'mfe-catalog failed to load (1.4.0, 1.0.0, 0.9.0)',
    );
    expect(window.__DOCKHAND_REMOTES__?.['mfe-catalog']).toMatchObject({ status: 'failed', version: null });
    runtimeWhereBroken();
    await expect(loader.loadRemoteModule('mfe-catalog', 'CatalogPage')).resolves.toEqual({
      default: 'page from 1.4.0',
    });
  });

  it('keeps a remote on the version that loaded for its other pages', async () => {
    runtimeWhereBroken('1.4.0');
    const loader = freshLoader();
    await loader.loadRemoteModule('mfe-catalog', 'CatalogPage');
    registerMock.mockClear();
    await expect(loader.loadRemoteModule('mfe-catalog', 'CatalogItemPage')).resolves.toEqual({
      default: 'page from 1.0.0',
    });
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('reports a remote missing from the manifest', async () => {
    await expect(freshLoader().loadRemoteModule('mfe-apps', 'CreateAppPage')).rejects.toThrow(
      'mfe-apps has no released version',
    );
  });
});
