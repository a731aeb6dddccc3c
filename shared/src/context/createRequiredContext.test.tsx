import { render, renderHook, screen } from '@testing-library/react';
import { CurrentUserContext, useCurrentUser } from './CurrentUserContext';

describe('required contexts', () => {
  it('throws a clear error outside the provider', () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useCurrentUser())).toThrow(
      'CurrentUserContext must be used within its provider',
    );
    errorSpy.mockRestore();
  });

  it('returns the provided value inside it', () => {
    function Name() {
      return <span>{useCurrentUser().user?.name}</span>;
    }
    const value = {
      user: { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null, organizations: [] },
      setUser: jest.fn(),
      removeOrganization: jest.fn(),
    };
    render(
      <CurrentUserContext.Provider value={value}>
        <Name />
      </CurrentUserContext.Provider>,
    );
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });
});
