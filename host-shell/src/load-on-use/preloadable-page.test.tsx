import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadablePage } from './preloadable-page';

function Page() {
  return <p>The page</p>;
}

function renderInSuspense(Component: React.ComponentType) {
  const fallbacks: string[] = [];
  function Fallback() {
    fallbacks.push('shown');
    return <p>Loading...</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Component />
    </Suspense>,
  );
  return fallbacks;
}

test('a preloaded page renders in the first pass, without a Suspense fallback', async () => {
  const load = jest.fn(async () => ({ default: Page }));
  const page = preloadablePage(load);
  await page.preload();
  await page.preload();

  const fallbacks = renderInSuspense(page.Page);
  expect(screen.getByText('The page')).toBeInTheDocument();
  expect(fallbacks).toHaveLength(0);
  expect(load).toHaveBeenCalledTimes(1);
});

test('a page not preloaded loads on first render, behind the fallback', async () => {
  const page = preloadablePage(async () => ({ default: Page }));
  const fallbacks = renderInSuspense(page.Page);
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByText('The page')).toBeInTheDocument();
  expect(fallbacks.length).toBeGreaterThan(0);
});

test('a failed load is tried again by the next preload', async () => {
  const load = jest
    .fn<Promise<{ default: React.ComponentType }>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValueOnce({ default: Page });
  const page = preloadablePage(load);
  await expect(page.preload()).rejects.toThrow('ChunkLoadError');
  await expect(page.preload()).resolves.toEqual({ default: Page });
  expect(load).toHaveBeenCalledTimes(2);
});
