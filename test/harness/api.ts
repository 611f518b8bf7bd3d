/** Test-side API helpers: a cookie-keeping agent per user, signed in through the real endpoint. */
import request from 'supertest';
import type { SignedAccount } from '@pacs/common';

export type Agent = ReturnType<typeof request.agent>;

export interface Session {
  agent: Agent;
  account: SignedAccount;
  /** Header set for state-changing calls. */
  csrf: Record<string, string>;
}

export const API = '/viewer/api';

export function anonymous(baseUrl: string): Agent {
  return request.agent(baseUrl);
}

export function login(agent: Agent, id: string, password: string) {
  return agent.post(`${API}/login`).set('X-Requested-With', 'XMLHttpRequest').type('form').send({ Id: id, Password: password });
}

/** Signs in with a share's access key, as a guest following a share link does. */
export async function signInAsGuest(baseUrl: string, accessKey: string): Promise<Session> {
  const agent = request.agent(baseUrl);
  const response = await agent.post(`${API}/login`).set('X-Requested-With', 'XMLHttpRequest').type('form').send({ AccessKey: accessKey });
  if (response.status !== 200) throw new Error(`guest sign-in answered ${response.status}: ${JSON.stringify(response.body)}`);
  const account = response.body as SignedAccount;
  if (!account.IsGuest) throw new Error('an access key signed in as someone other than a guest');
  return { agent, account, csrf: { 'X-CSRF-Token': account.CsrfToken } };
}

export async function signIn(baseUrl: string, id: string, password: string): Promise<Session> {
  const agent = request.agent(baseUrl);
  const response = await login(agent, id, password);
  if (response.status !== 200) throw new Error(`sign-in as ${id} answered ${response.status}: ${JSON.stringify(response.body)}`);
  const account = response.body as SignedAccount;
  return { agent, account, csrf: { 'X-CSRF-Token': account.CsrfToken } };
}
