/**
 * A real OpenID provider for tests: panva's `oidc-provider` (a certified OpenID Connect
 * implementation) on a free loopback port, with its development interactions (a login form that
 * takes any user name, then a consent form), and a walk through them as a browser would.
 */
import Provider from 'oidc-provider';
import type { OidcSettingsUpdate } from '@pacs/common';
import { freePort } from '../../scripts/services/process.ts';

export interface DirectoryUser {
  preferred_username: string;
  email: string;
  name: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Follows the authorization URL through the provider's login (as `sub`) and consent forms, as
   * the user's browser would; the query the provider sends back to the redirect URI.
   */
  authorize(authorizationUrl: string, sub: string): Promise<URLSearchParams>;
  stop(): Promise<void>;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  }
}

/** Starts the provider; `users` is its directory (by `sub`), `redirectUri` the product's sign-in page. */
export async function startOidcProvider(users: Record<string, DirectoryUser>, redirectUri: string): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'pacs-test';
  const clientSecret = 'pacs-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    findAccount: (_ctx, sub) => (users[sub] ? { accountId: sub, claims: () => ({ sub, ...users[sub] }) } : undefined),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  });
  const server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', resolve));

  const authorize = async (authorizationUrl: string, sub: string): Promise<URLSearchParams> => {
    const jar = new CookieJar();
    let url = authorizationUrl;
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      jar.take(response);
      body = undefined;
      const location = response.headers.get('location');
      if (location) {
        await response.arrayBuffer();
        const next = new URL(location, url);
        if (next.href.startsWith(redirectUri)) return next.searchParams;
        url = next.href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url).href;
      body = new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt });
    }
    throw new Error('The provider did not send the browser back');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    authorize,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The product's single sign-on settings for this provider (an enabled confidential client), with changes. */
export function oidcSettingsFor(provider: TestProvider, overrides: Partial<OidcSettingsUpdate> = {}): OidcSettingsUpdate {
  return {
    Enabled: true,
    Issuer: provider.issuer,
    ClientId: provider.clientId,
    ClientSecret: provider.clientSecret,
    Scopes: 'openid profile email',
    AccountClaim: 'preferred_username',
    CreateAccounts: false,
    CreateRole: null,
    ButtonLabel: 'Hospital directory',
    ...overrides,
  };
}
