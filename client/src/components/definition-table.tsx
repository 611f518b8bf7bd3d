/**
 * A table of labelled facts (a label in each row's header cell, its value beside it): the product
 * information, the server's settings, a licence, a share, a profile.
 */
import type { ReactNode } from 'react';

export function DefinitionTable({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <table className={className ? `table table-definition ${className}` : 'table table-definition'} data-testid={testId}>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One fact: `field` names the value's cell (`data-field`) for tests and styles. */
export function DefinitionRow({
  label,
  children,
  className,
  cellClassName,
  field,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  cellClassName?: string;
  field?: string;
}) {
  return (
    <tr className={className}>
      <th scope="row">{label}</th>
      <td className={cellClassName} data-field={field}>
        {children}
      </td>
    </tr>
  );
}
