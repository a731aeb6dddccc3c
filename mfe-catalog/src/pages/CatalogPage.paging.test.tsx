import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { agentOn, catalogItem, renderCatalogPage } from '../test-support/catalog-fixtures';

/** The browser's IntersectionObserver, reduced to what the page uses: the test says when the end is near. */
const observers = new Set<FakeObserver>();
class FakeObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    observers.add(this);
  }
  observe() {}
  disconnect() {
    observers.delete(this);
  }
  reach() {
    this.callback([{ isIntersecting: true }]);
  }
}

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
  expect(await screen.findAllByTestId('catalog-card')).toHaveLength(48);
  act(() => [...observers].forEach((observer) => observer.reach()));
  expect(screen.getAllByTestId('catalog-card')).toHaveLength(96);
  act(() => [...observers].forEach((observer) => observer.reach()));
  expect(screen.getAllByTestId('catalog-card')).toHaveLength(100);
  expect(observers.size).toBe(0);
  expect(screen.getByText('Tool 100')).toBeInTheDocument();
});
