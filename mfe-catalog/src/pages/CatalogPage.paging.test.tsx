import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { agentOn, catalogItem, renderCatalogPage } from '../test-support/catalog-fixtures';

/**
 * The browser's IntersectionObserver, reduced to what the page uses: the test says when the end of
 * the list is near. (The cards' logos wait for their own observers, which the test leaves alone.)
 */
const observers = new Set<FakeObserver>();
class FakeObserver {
  private watched: Element | null = null;
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    observers.add(this);
  }
  observe(element: Element) {
    this.watched = element;
  }
  disconnect() {
    observers.delete(this);
  }
  reach() {
    this.callback([{ isIntersecting: true }]);
  }
  watches(element: Element) {
    return this.watched === element;
  }
  get watchesListEnd() {
    return this.watched?.closest('[data-testid="catalog-card"]') === null;
  }
}
const listEndObservers = () => [...observers].filter((observer) => observer.watchesListEnd);

const items = Array.from({ length: 100 }, (_, index) =>
  catalogItem({ id: `tool-${index + 1}`, name: `Tool ${index + 1}` }),
);
let CatalogPage: ComponentType;

beforeAll(async () => {
  // Set before the page's module loads: it chooses paging when the browser can observe.
  Object.assign(globalThis, { IntersectionObserver: FakeObserver });
  ({ default: CatalogPage } = await import('./CatalogPage'));
});
afterAll(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

test('a long catalog shows its first 48 cards, then more each time the end of the list nears', async () => {
  renderCatalogPage(<CatalogPage />, { route: '/catalog', path: '/catalog', agent: agentOn('free'), items });
  // A screenful in the first frame, the rest of the first page right after it.
  expect(await screen.findAllByTestId('catalog-card')).toHaveLength(12);
  await waitFor(() => expect(screen.getAllByTestId('catalog-card')).toHaveLength(48));
  act(() => listEndObservers().forEach((observer) => observer.reach()));
  expect(screen.getAllByTestId('catalog-card')).toHaveLength(96);
  act(() => listEndObservers().forEach((observer) => observer.reach()));
  expect(screen.getAllByTestId('catalog-card')).toHaveLength(100);
  expect(listEndObservers()).toHaveLength(0);
  expect(screen.getByText('Tool 100')).toBeInTheDocument();
});

test('a logo is loaded once its place nears the viewport; until then an empty box carries its name', async () => {
  const gitea = catalogItem({ id: 'gitea', name: 'Gitea', logo: 'gitea.svg' });
  renderCatalogPage(<CatalogPage />, {
    route: '/catalog',
    path: '/catalog',
    agent: agentOn('free'),
    items: [gitea],
  });
  await screen.findByTestId('catalog-card');
  const waiting = screen.getByRole('img', { name: 'Gitea logo' });
  expect(waiting).not.toHaveAttribute('src');
  const logoObserver = [...observers].find((observer) => observer.watches(waiting));
  act(() => logoObserver!.reach());
  expect(screen.getByRole('img', { name: 'Gitea logo' })).toHaveAttribute(
    'src',
    'http://dock.test/catalog-assets/gitea.svg',
  );
  expect(observers.has(logoObserver!)).toBe(false);
});
