import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import DeployAppDialog from './DeployAppDialog';

function setup() {
  const onClose = jest.fn();
  render(
    <ChakraProvider>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<DeployAppDialog isOpen onClose={onClose} />} />
          <Route path="/catalog" element={<p>catalog page</p>} />
          <Route path="/create-app" element={<p>create app page</p>} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return onClose;
}

describe('DeployAppDialog', () => {
  it('goes to the catalog for one-click deployment', () => {
    const onClose = setup();
    fireEvent.click(screen.getByRole('button', { name: /One-Click deployment from Catalog/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByText('catalog page')).toBeInTheDocument();
  });

  it('goes to create-app for your own app', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: /Deploy Your Own App/ }));
    expect(screen.getByText('create app page')).toBeInTheDocument();
  });
});
