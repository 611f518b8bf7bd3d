/** Areas with tabs (admin, user, statistics, ...): a tab navigation beside the current tab. */
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { AREA_ACCESS, TABBED_AREAS, type TabNode, type TabbedArea } from '../areas.ts';
import { decideAccess, mergeAccess, type RouteAccess } from '../route-access.ts';
import { SEGMENT_MESSAGES } from '../segments.ts';
import { sessionStore } from '../../state/index.ts';

function useLabel() {
  const intl = useIntl();
  return (key: string) => {
    const descriptor = SEGMENT_MESSAGES[key];
    return descriptor ? intl.formatMessage(descriptor) : key;
  };
}

function visible(node: TabNode, access: RouteAccess): boolean {
  const context = { account: sessionStore.account, edition: sessionStore.edition };
  return decideAccess(mergeAccess(access, node.access), context) === 'allow';
}

export const TabbedLayout = observer(function TabbedLayout({ area }: { area: TabbedArea }) {
  const label = useLabel();
  const access: RouteAccess = AREA_ACCESS[area];
  const nodes: readonly TabNode[] = TABBED_AREAS[area];
  return (
    <div className="tabbed">
      <nav className="tabs" aria-label={label(area)}>
        <div className="tabs-title">{label(area)}</div>
        {nodes
          .filter((node) => visible(node, access))
          .map((node) =>
            node.children ? (
              <div key={node.key} className="tabs-group">
                <div className="tabs-group-title">{label(node.key)}</div>
                {node.children
                  .filter((child) => visible(child, mergeAccess(access, node.access)))
                  .map((child) => (
                    <NavLink key={child.key} to={`/${area}/${node.key}/${child.key}`} className="tab">
                      {label(child.key)}
                    </NavLink>
                  ))}
              </div>
            ) : (
              <NavLink key={node.key} to={`/${area}/${node.key}`} className="tab">
                {label(node.key)}
              </NavLink>
            ),
          )}
      </nav>
      <div className="tabbed-content">
        <Outlet />
      </div>
    </div>
  );
});
