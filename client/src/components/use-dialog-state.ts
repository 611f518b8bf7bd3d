import { useCallback, useState } from 'react';

/** The section's open dialog, by name (spec 1 §2 "Dialogs"), with the row it works on. */
export type DialogState<T> = { name: 'add' } | { name: 'edit'; item: T } | { name: 'delete'; item: T } | null;

export function useDialogState<T>() {
  const [dialog, setDialog] = useState<DialogState<T>>(null);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, open: setDialog, close };
}
