import { Box, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';

// The Settings, Logs and History tabs load when first opened (the tabs are isLazy), so the app
// page's own chunk stays within its size budget (bench/bundle-size) as the page grows.
export const SettingsTab = lazy(() =>
  import('../settings/SettingsTab').then((module) => ({ default: module.SettingsTab })),
);
export const LogsPane = lazy(() => import('../logs/LogsPane'));
export const HistoryTab = lazy(() =>
  import('../history/HistoryTab').then((module) => ({ default: module.HistoryTab })),
);

export function TabLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Box py={6} textAlign="center">
          <Spinner size="sm" label="Loading" />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}
