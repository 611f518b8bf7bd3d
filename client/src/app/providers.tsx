/** Server-state cache and translations around the whole app. */
import { QueryClientProvider } from '@tanstack/react-query';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import { intlLocale } from '../i18n/languages.ts';
import { ENGLISH, loadMessages, type Messages } from '../i18n/messages.ts';
import { withLocaleNumberArguments } from '../i18n/number-arguments.ts';
import { applyDocumentLanguage } from '../state/language.ts';
import { queryClient } from '../lib/query-client.ts';
import { uiStore } from '../state/index.ts';

const intlCache = createIntlCache();

const IntlRoot = observer(function IntlRoot({ children }: { children: ReactNode }) {
  const code = uiStore.language;
  const [loaded, setLoaded] = useState<{ code: string; messages: Messages }>({ code: 'en', messages: ENGLISH });

  useEffect(() => {
    let current = true;
    loadMessages(code)
      .then((messages) => current && setLoaded({ code, messages }))
      .catch(() => current && setLoaded({ code: 'en', messages: ENGLISH }));
    return () => {
      current = false;
    };
  }, [code]);

  useEffect(() => applyDocumentLanguage(loaded.code), [loaded.code]);
  const intl = useMemo(
    () =>
      withLocaleNumberArguments(createIntl({ locale: intlLocale(loaded.code), messages: loaded.messages, defaultLocale: 'en' }, intlCache)),
    [loaded],
  );

  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <IntlRoot>{children}</IntlRoot>
    </QueryClientProvider>
  );
}
