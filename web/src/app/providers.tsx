import type { ReactNode } from 'react';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';

/**
 * Root providers. Only what every route needs and what is cheap belongs here: i18n is set up by
 * importing `shared/i18n`; antd's ConfigProvider lives in the pages that use antd (`AntdScope`),
 * and the data-fetching provider arrives with the workspace shell, so the entry chunk stays small.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LoadingOverlay />
    </>
  );
}
