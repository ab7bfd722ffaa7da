import { lazy, Suspense, useState } from 'react';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import type { ChangePasswordDialogProps } from './ChangePasswordDialog';

const Dialog = lazy(async () => ({ default: (await import('./ChangePasswordDialog')).ChangePasswordDialog }));

/**
 * The change-password dialog, fetched (with antd) the first time it is opened. For the shell's
 * user menu and any page: `<LazyChangePasswordDialog open={open} onClose={() => setOpen(false)} />`.
 */
export function LazyChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  // Once opened it stays mounted, so that closing animates and reopening is instant.
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={<LoadingOverlay force />}>
      <Dialog open={open} onClose={onClose} />
    </Suspense>
  );
}
