import { sessionStore } from '../../state/index.ts';
import type { NavContext } from './nav-items.ts';

/** The menus' view of the session; call inside an observer so changes re-render. */
export function useNavContext(): NavContext {
  return { account: sessionStore.account, edition: sessionStore.edition };
}
