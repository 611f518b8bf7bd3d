import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RowActions } from '../../../components/section-parts.tsx';
import type { DialogState } from '../../../components/use-dialog-state.ts';

/** A node table's open dialog: the section's add, edit and delete, plus echo and ping of a row. */
export type NodeDialogState<T> = DialogState<T> | { name: 'echo' | 'ping'; item: T };

export function useNodeDialogState<T>() {
  const [dialog, setDialog] = useState<NodeDialogState<T>>(null);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, open: setDialog, close };
}

interface NodeActionsProps<T> {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  item: T;
  open: (dialog: NodeDialogState<T>) => void;
}

/** A node row's buttons: Echo and Ping it from the archive, then Edit and Delete. */
export function NodeActions<T>({ name, item, open }: NodeActionsProps<T>) {
  const intl = useIntl();
  return (
    <div className="network-actions">
      <button
        type="button"
        className="button button-small"
        onClick={() => open({ name: 'echo', item })}
        aria-label={intl.formatMessage({ id: 'network.echo.named' }, { name })}
      >
        <FormattedMessage id="network.echo.button" />
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={() => open({ name: 'ping', item })}
        aria-label={intl.formatMessage({ id: 'network.ping.named' }, { name })}
      >
        <FormattedMessage id="network.ping.button" />
      </button>
      <RowActions name={name} onEdit={() => open({ name: 'edit', item })} onDelete={() => open({ name: 'delete', item })} />
    </div>
  );
}
