/**
 * The search bar and toolbar slots (spec 1 §2 "Top bar by route"). The study list, worklist and
 * viewer fill them in later releases; until then they hold their place with no made-up content.
 */
import { useIntl } from 'react-intl';
import { Icon } from './icons.tsx';

export function SearchBarSlot() {
  const intl = useIntl();
  return (
    <div className="search-bar" role="search" aria-label={intl.formatMessage({ id: 'shell.search_bar' })}>
      <div className="search-input-wrap">
        <Icon name="search" size={16} />
        <input
          className="input search-input"
          type="search"
          disabled
          placeholder={intl.formatMessage({ id: 'shell.quick_search' })}
          aria-label={intl.formatMessage({ id: 'shell.quick_search' })}
        />
      </div>
    </div>
  );
}

export function ToolbarSlot() {
  const intl = useIntl();
  return <div className="toolbar-slot" role="toolbar" aria-label={intl.formatMessage({ id: 'shell.toolbar' })} />;
}
