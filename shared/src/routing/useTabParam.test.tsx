import { ChakraProvider, Tab, TabList, TabPanel, TabPanels, Tabs } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useTabParam } from './useTabParam';

const IDS = ['general', 'networks', 'volumes'] as const;

function TabbedPage() {
  const tabParam = useTabParam(IDS, 'general');
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <span data-testid="where">{location.search}</span>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
      <Tabs {...tabParam}>
        <TabList>
          <Tab>General</Tab>
          <Tab>Networks</Tab>
          <Tab>Volumes</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>general panel</TabPanel>
          <TabPanel>networks panel</TabPanel>
          <TabPanel>volumes panel</TabPanel>
        </TabPanels>
      </Tabs>
    </>
  );
}

function renderAt(search: string) {
  render(
    <ChakraProvider>
      <MemoryRouter initialEntries={['/start', `/settings${search}`]} initialIndex={1}>
        <TabbedPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('useTabParam', () => {
  it('opens the tab the link names', () => {
    renderAt('?tab=volumes');
    expect(selectedTab()).toHaveTextContent('Volumes');
  });

  it('opens the default tab for an unknown name', () => {
    renderAt('?tab=nope');
    expect(selectedTab()).toHaveTextContent('General');
  });

  it('a click reported twice (focus, then click) before the address renders adds one history entry', () => {
    renderAt('?tab=general');
    const networks = screen.getByRole('tab', { name: 'Networks' });
    // As in a browser: the press focuses the tab, the release clicks it, and the router renders the
    // new address only afterwards.
    act(() => {
      networks.focus();
      networks.click();
    });
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=networks');
    expect(selectedTab()).toHaveTextContent('Networks');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?tab=general');
    expect(selectedTab()).toHaveTextContent('General');
  });

  it('Back walks back through the tabs chosen one after the other', () => {
    renderAt('?tab=general');
    fireEvent.click(screen.getByRole('tab', { name: 'Networks' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Volumes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(selectedTab()).toHaveTextContent('Networks');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(selectedTab()).toHaveTextContent('General');
  });
});
