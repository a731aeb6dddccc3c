import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule } from './remote-loader';
import { RemotePage } from './RemotePage';

jest.mock('./remote-loader', () => ({ loadRemoteModule: jest.fn() }));
const loadMock = jest.mocked(loadRemoteModule);

describe('RemotePage', () => {
  beforeEach(() => {
    loadMock.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the exposed page once loaded', async () => {
    loadMock.mockResolvedValue({ default: () => <h1>Catalog from remote</h1> });
    await act(async () => render(<RemotePage remote="mfe-catalog" module="CatalogPage" />));
    expect(await screen.findByText('Catalog from remote')).toBeInTheDocument();
    expect(loadMock).toHaveBeenCalledWith('mfe-catalog', 'CatalogPage');
  });

  it('contains a failure with Retry, and Retry loads again', async () => {
    loadMock
      .mockRejectedValueOnce(new Error('ScriptNetworkError'))
      .mockResolvedValueOnce({ default: () => <p>Back again</p> });
    await act(async () =>
      render(
        <>
          <nav>Sidebar</nav>
          <RemotePage remote="mfe-organization" module="OrganizationPage" />
        </>,
      ),
    );
    expect(await screen.findByText('This section failed to load')).toBeInTheDocument();
    expect(screen.getByText('Sidebar')).toBeInTheDocument();
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(loadMock).toHaveBeenCalledTimes(2);
  });
});
