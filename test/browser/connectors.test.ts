/**
 * Connectors end to end in the cloud edition (issue 15; spec 3 §2, §3, §5): the Connectors section
 * of admin/server/connection; a connector added through its dialog (the name rule explained by the
 * client) opens the key dialog with its ID and key, which the connector's own call accepts; a
 * provider is added under it and a second on the same port is refused by the client
 * (not_exist_provider) before anything is sent; a new key replaces the old one; renamed, the
 * provider and the connector are deleted. A connector's provider's DICOM users are registered under it,
 * their AE title unique within the provider, with no echo (the site is behind the relay). Screenshots at 1440×900 and on a 390×844 phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, anonymous } from '../harness/api.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { ConnectorsPage } from './pages/connectors-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;
let connectors: ConnectorsPage;
/** Connector and provider writes the browser sent, to prove the client refused before sending. */
const sent: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ edition: 'cloud' }), launchBrowser()]);
  admin = await newPage(browser, { width: 1440, height: 900 });
  admin.page.on('request', (request) => {
    if (/\/(connectors|providers)\/(create|update|delete|key)/.test(request.url()))
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  connectors = new ConnectorsPage(admin.page, stack.baseUrl);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
});

/** The connector's own call, as the relay at the site makes it. */
const settingsStatus = async (id: string, key: string): Promise<number> =>
  (
    await anonymous(stack.baseUrl)
      .post(`${API}/connectors/settings`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: id, Key: key })
  ).status;

describe('connectors in the cloud edition', () => {
  let connectorId = '';
  let firstKey = '';

  it('adds a connector and shows its ID and key once', async () => {
    await connectors.open();
    await connectors.section.getByText('No connectors yet').waitFor();
    const dialog = await connectors.press(connectors.section, 'Add connector', 'Add connector');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The field is required').waitFor();
    await connectors.fill(dialog, { Name: 'x'.repeat(65) });
    await dialog.getByText('The field must be 64 character(s) or less').waitFor();
    expect(sent).toEqual([]);

    await connectors.fill(dialog, { Name: 'North clinic' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const keyDialog = connectors.dialog('Key of connector North clinic');
    await keyDialog.waitFor();
    firstKey = await connectors.shownKey(keyDialog);
    connectorId = (await keyDialog.getByTestId('connector-id').textContent()) ?? '';
    expect(firstKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(connectorId).toMatch(/^[0-9a-f-]{36}$/);
    await keyDialog.getByText('it is shown only this once').waitFor();
    await screenshot(admin.page, 'connectors-key-dialog');
    expect(await settingsStatus(connectorId, firstKey)).toBe(200);
    await keyDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await keyDialog.waitFor({ state: 'detached' });
    await connectors.card('North clinic').getByText(connectorId).waitFor();
  });

  it('groups providers under the connector, their port unique within it', async () => {
    const card = connectors.card('North clinic');
    let dialog = await connectors.press(card, 'Add a provider to North clinic', 'Add provider to North clinic');
    await connectors.fill(dialog, { Name: 'CT room', 'AE title': 'CT_NORTH', Port: '11112' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('rowheader', { name: 'CT room' }).waitFor();
    await card.getByText('Providers (1)').waitFor();

    const before = sent.length;
    dialog = await connectors.press(card, 'Add a provider to North clinic', 'Add provider to North clinic');
    await connectors.fill(dialog, { Name: 'MR room', 'AE title': 'MR_NORTH', Port: '11112' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('An item with the entered value already exists').waitFor();
    expect(sent.length).toBe(before);
    await screenshot(admin.page, 'connectors-provider-port-taken');
    await connectors.fill(dialog, { Port: '11113' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Providers (2)').waitFor();
    await screenshot(admin.page, 'connectors-screen');
  });

  it("registers a connector's provider's DICOM users, AE title unique within that provider, with no echo", async () => {
    const card = connectors.card('North clinic');
    let dialog = await connectors.press(card, 'Add a DICOM user to CT room', 'Add DICOM user');
    await connectors.fill(dialog, { Name: 'CT scanner', 'AE title': 'CT_SCANNER', 'IP address': '10.1.2.3', Port: '104' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('DICOM users of CT room (1)').waitFor();
    await card.getByRole('rowheader', { name: 'CT scanner' }).waitFor();

    // The same AE title on the same provider is refused before anything is sent; on the other provider it is another node.
    const before = sent.length;
    dialog = await connectors.press(card, 'Add a DICOM user to CT room', 'Add DICOM user');
    await connectors.fill(dialog, { Name: 'Second', 'AE title': 'ct_scanner', 'IP address': '10.1.2.4', Port: '104' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('An item with the entered value already exists').waitFor();
    expect(sent.length).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    dialog = await connectors.press(card, 'Add a DICOM user to MR room', 'Add DICOM user');
    await connectors.fill(dialog, { Name: 'MR scanner', 'AE title': 'CT_SCANNER', 'IP address': '10.1.2.5', Port: '104' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('DICOM users of MR room (1)').waitFor();

    // The site's modalities are behind the relay: the archive offers no echo or ping to them.
    expect(await card.getByRole('button', { name: 'Echo CT scanner' }).count()).toBe(0);
    const users = await stack.sql<{ ae_title: string; connector: number | null }>(
      'select u.ae_title, p.connector from dicom_users u join providers p on p.no = u.provider order by u.ae_title, u.no',
    );
    expect(users.map((user) => user.ae_title)).toEqual(['CT_SCANNER', 'CT_SCANNER']);
    expect(users.every((user) => user.connector !== null)).toBe(true);
    await screenshot(admin.page, 'connectors-provider-users');
  });

  it('makes a new key after a warning, and the old key stops working', async () => {
    const dialog = await connectors.press(connectors.card('North clinic'), 'Key of North clinic', 'Key of connector North clinic');
    expect(await connectors.shownKey(dialog)).toBe('');
    await dialog.getByText('It is never shown again').waitFor();
    await dialog.getByRole('button', { name: 'Make a new key' }).click();
    await dialog.getByText('The current key stops working at once').waitFor();
    await dialog.getByRole('button', { name: 'Make the new key' }).click();
    await dialog.getByTestId('connector-key').waitFor();
    const newKey = await connectors.shownKey(dialog);
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newKey).not.toBe(firstKey);
    expect(await settingsStatus(connectorId, firstKey)).toBe(401);
    expect(await settingsStatus(connectorId, newKey)).toBe(200);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits a phone: the connector card, its providers and the key dialog', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      const onPhone = new ConnectorsPage(phone.page, stack.baseUrl);
      await onPhone.open();
      // Two columns fit a phone: the name over the node (AE title:port, address:port), then the buttons.
      await onPhone.card('North clinic').getByText('CT_NORTH:11112').waitFor();
      await onPhone.card('North clinic').getByText('10.1.2.3:104').waitFor();
      await onPhone.card('North clinic').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'connectors-screen-phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const dialog = await onPhone.press(onPhone.card('North clinic'), 'Key of North clinic', 'Key of connector North clinic');
      await dialog.getByRole('button', { name: 'Make a new key' }).click();
      await dialog.getByRole('button', { name: 'Make the new key' }).click();
      await dialog.getByTestId('connector-key').waitFor();
      await screenshot(phone.page, 'connectors-key-dialog-phone');
    } finally {
      await phone.context.close();
    }
  });

  it('renames the connector, then deletes a provider and the connector', async () => {
    await connectors.open();
    let card = connectors.card('North clinic');
    const edit = await connectors.press(card, 'Edit North clinic', 'Edit connector North clinic');
    await connectors.fill(edit, { Name: 'North site' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    card = connectors.card('North site');
    await card.waitFor();

    const removeProvider = await connectors.press(card, 'Delete CT room', 'Delete provider');
    await removeProvider.getByRole('button', { name: 'Delete', exact: true }).click();
    await removeProvider.waitFor({ state: 'detached' });
    await card.getByText('Providers (1)').waitFor();

    const remove = await connectors.press(card, 'Delete North site', 'Delete connector');
    await remove.getByText('its providers (1) and their DICOM users are deleted with it').waitFor();
    await remove.getByRole('button', { name: 'Delete', exact: true }).click();
    await remove.waitFor({ state: 'detached' });
    await connectors.section.getByText('No connectors yet').waitFor();
    const [left] = await stack.sql<{ n: number }>('select count(*)::int as n from providers where connector is not null');
    expect(left!.n).toBe(0);
  });
});
