import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Placeholder } from '../components/placeholder.tsx';
import { SEGMENT_MESSAGES } from './segments.ts';

/** The placeholder for a screen a later release fills, named after its route. */
export function RoutePlaceholder() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const names = segments.map((segment) => {
    const descriptor = SEGMENT_MESSAGES[segment];
    return descriptor ? intl.formatMessage(descriptor) : segment;
  });
  const title = names.length > 1 ? `${names[0]} – ${names.slice(1).join(' / ')}` : (names[0] ?? '');
  return <Placeholder title={title} />;
}
