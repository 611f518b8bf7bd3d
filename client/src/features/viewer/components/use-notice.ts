/** The viewer's one-line notice: an error stays, an information goes after a few seconds. */
import { useState } from 'react';

export type Notice = { kind: 'info' | 'error'; id: string } | null;

const INFO_MS = 4000;

export function useNotice() {
  const [notice, setNotice] = useState<Notice>(null);
  const show = (next: Notice) => {
    setNotice(next);
    if (next?.kind === 'info') setTimeout(() => setNotice((current) => (current === next ? null : current)), INFO_MS);
  };
  return { notice, show };
}
