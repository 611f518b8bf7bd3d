/**
 * Sharing end to end in Debian's Chromium: a guest share of a study made from the list's Share
 * menu, seen in /share/study, its information, an edit with the 14-day shortcut, the QR code
 * decoded from a screenshot and compared with the share link, and stopping it; a patient share
 * narrowed to CT with a refused modality first; the share list modal; the e-mail dialog with the
 * user's shortcuts; the admin's column settings. Screenshots go to test-results/screenshots/share-*.png.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, createRole, postForm, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { SharePage } from './pages/share-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

const CT = tinyStudyUids('share-browser-ct');
const MR = tinyStudyUids('share-browser-mr');

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const patient = { patientName: 'Share^Sam', patientId: 'SHR-001' };
  await storeTinyStudies(stack, admin, [
    { seed: 'share-browser-ct', ...patient, modality: 'CT', studyDescription: 'CT chest' },
    { seed: 'share-browser-mr', ...patient, modality: 'MR', studyDescription: 'MR knee' },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function signInAsAdmin() {
  open = await newPage(browser);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  return { page, shell, shares: new SharePage(page) };
}

async function selectInList(page: OpenPage['page'], description: string): Promise<StudyListPage> {
  await page.goto(`${stack.baseUrl}/viewer/#/list`);
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(2);
  await list.studyRow(description).locator('td').nth(3).click();
  return list;
}

/** Decodes the QR code drawn on the dialog's canvas from a real screenshot of it. */
async function decodeQr(page: OpenPage['page']): Promise<string | null> {
  const png = PNG.sync.read(await page.locator('.share-qr canvas').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('study shares', () => {
  it('shares a study with a guest from the list, edits it, shows a QR code of its link and stops it', async () => {
    const { page, shares } = await signInAsAdmin();
    const list = await selectInList(page, 'CT chest');
    await shares.shareMenu(list.toolbar, 'Share study…');
    const create = shares.dialog('Share study');
    await create.waitFor();
    // Guest by default; the expiry defaults to today + 7 and the past is not offered.
    await expect(create.getByRole('radio', { name: /Guest/ }).isChecked()).resolves.toBe(true);
    const expiry = create.getByLabel('Expires at');
    await expect(expiry.inputValue()).resolves.toBe(await shares.browserDay(7));
    await expect(expiry.getAttribute('min')).resolves.toBe(await shares.browserDay(0));
    await screenshot(page, 'share-create-study');
    await create.getByRole('button', { name: 'OK' }).click();

    const done = shares.dialog('Shared');
    await done.waitFor();
    const key = await done.getByLabel('Access key').inputValue();
    expect(key).toMatch(/^[\w-]{32}$/);
    await expect(done.getByLabel('Access key').getAttribute('readonly')).resolves.not.toBeNull();
    await screenshot(page, 'share-complete');
    await shares.footerButton(done, 'Close').click();

    await shares.open(stack.baseUrl, 'study');
    await expect(shares.rows.count()).resolves.toBe(1);
    const row = shares.row('SHR-001');
    await expect(shares.cell(row, 'SharedWith').textContent()).resolves.toBe('Guest');
    await expect(shares.cell(row, 'ExpiresAt').textContent()).resolves.toContain(await shares.browserDay(7));
    await expect(shares.cell(row, 'StudyDescription').textContent()).resolves.toBe('CT chest');
    await row.locator('td[data-key="PatientID"]').click();
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');
    await screenshot(page, 'share-study-table');

    await row.locator('td[data-key="PatientName"]').dblclick();
    const info = shares.dialog('Share information');
    await info.waitFor();
    await expect(shares.infoField('AccessKey').textContent()).resolves.toBe(key);
    await expect(shares.infoField('Type').textContent()).resolves.toBe('Guest');
    const listLink = `${stack.baseUrl}/viewer/#/list?accesskey=${key}`;
    await expect(info.locator('a[data-link="list"]').textContent()).resolves.toBe(listLink);
    await expect(info.locator('a[data-link="report"]').count()).resolves.toBe(1);
    await screenshot(page, 'share-info');

    // Edit: the 14-day shortcut; after saving the list reloads and the info opens again.
    await info.getByRole('button', { name: 'Edit' }).click();
    const edit = shares.dialog('Edit share');
    await edit.waitFor();
    await edit.getByRole('button', { name: '14 days' }).click();
    await expect(edit.getByLabel('Expires at').inputValue()).resolves.toBe(await shares.browserDay(14));
    await screenshot(page, 'share-edit');
    await edit.getByRole('button', { name: 'OK' }).click();
    await info.waitFor();
    await expect(shares.infoField('ExpiresAt').textContent()).resolves.toContain(await shares.browserDay(14));
    await expect(shares.cell(row, 'ExpiresAt').textContent()).resolves.toContain(await shares.browserDay(14));
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');

    // The QR code: the link, a copy button that confirms for a second, and an image that decodes to the link.
    await info.getByRole('button', { name: 'QR code' }).click();
    const qr = shares.dialog('Share link');
    await qr.waitFor();
    await expect(qr.locator('[data-share-url]').inputValue()).resolves.toBe(listLink);
    await expect(page.locator('.share-qr canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)).resolves.toBe(296);
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.share-qr canvas');
      return canvas !== null && canvas.toDataURL().length > 2000;
    });
    await screenshot(page, 'share-qr');
    expect(await decodeQr(page)).toBe(listLink);
    await qr.getByRole('button', { name: 'Copy' }).click();
    await qr.getByRole('button', { name: 'Copied' }).waitFor();
    await qr.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 3_000 });
    // The viewer link is a different code.
    await qr.getByRole('radio', { name: 'Viewer link' }).check();
    await expect(qr.locator('[data-share-url]').inputValue()).resolves.toBe(`${stack.baseUrl}/viewer/#/viewer?accesskey=${key}`);
    await page.waitForFunction((link) => {
      const input = document.querySelector<HTMLInputElement>('[data-share-url]');
      return input?.value === link;
    }, `${stack.baseUrl}/viewer/#/viewer?accesskey=${key}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await decodeQr(page)).toBe(`${stack.baseUrl}/viewer/#/viewer?accesskey=${key}`);
    await shares.footerButton(qr, 'Close').click();

    // Stop sharing from the delete cell, after a confirmation.
    await shares.command(row, 'Delete').click();
    const stop = shares.dialog('Stop sharing');
    await stop.waitFor();
    await screenshot(page, 'share-stop');
    await stop.getByRole('button', { name: 'Stop sharing' }).click();
    await stop.waitFor({ state: 'detached' });
    await shares.table.locator('.table-empty').waitFor();
    await expect(shares.rows.count()).resolves.toBe(0);
    expect((await admin.agent.get(`${API}/sharestudies/all`).expect(200)).body).toEqual([]);
  });
});

describe('patient shares', () => {
  it('refuses a bad modality, shares the patient for CT only, and lists it from the study list', async () => {
    const { page, shares } = await signInAsAdmin();
    const list = await selectInList(page, 'CT chest');
    await shares.shareMenu(list.toolbar, 'Share patient…');
    const create = shares.dialog('Share patient');
    await create.waitFor();
    await create.getByLabel('Modality').fill('C1');
    await create.getByRole('button', { name: 'OK' }).click();
    await create.locator('.field-error', { hasText: 'The field is not a valid value' }).waitFor();
    await screenshot(page, 'share-patient-invalid-modality');
    // The server refuses it too, with the same rule.
    const refused = await admin.agent
      .post(`${API}/sharepatients/create`)
      .set(admin.csrf)
      .type('form')
      .send({ id: 'SHR-001', ExpiresAt: await shares.browserDay(3), Modality: 'C1' })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain('Modality');

    await create.getByLabel('Modality').fill('ct');
    await create.getByRole('button', { name: 'OK' }).click();
    await shares.dialog('Shared').waitFor();
    await shares.footerButton(shares.dialog('Shared'), 'Close').click();
    const stored = (await admin.agent.get(`${API}/sharepatients/all`).expect(200)).body as { Modality: string[]; PatientID: string }[];
    expect(stored).toEqual([expect.objectContaining({ PatientID: 'SHR-001', Modality: ['CT'] })]);

    await shares.open(stack.baseUrl, 'patient');
    const row = shares.row('SHR-001');
    await expect(shares.cell(row, 'Modality').textContent()).resolves.toBe('CT');
    await expect(shares.cell(row, 'PatientName').textContent()).resolves.toBe('Share Sam');
    await screenshot(page, 'share-patient-table');

    // The MR study has no study shares: the modal opens on the patient tab, the study tab disabled.
    const again = await selectInList(page, 'MR knee');
    await shares.shareMenu(again.toolbar, 'Shares of this study…');
    const modal = shares.dialog('Shares of this study');
    await modal.waitFor();
    await modal.locator('tr.share-row').first().waitFor();
    await expect(modal.getByRole('tab', { name: /Patient list/ }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(modal.getByRole('tab', { name: /Study list/ }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'share-list-modal');
    await modal.getByRole('button', { name: 'Info' }).click();
    await shares.dialog('Share information').waitFor();
    await expect(shares.infoField('Modality').textContent()).resolves.toBe('CT');
  });
});

describe('shares with accounts', () => {
  it('picks institution, role and account in cascade, clears what no longer belongs, and fills the chain from a shortcut', async () => {
    const partner = (await postForm(admin, '/institutions/create', { Name: 'Partner clinic', Targets: JSON.stringify({ All: false }) })).No;
    const other = (await postForm(admin, '/institutions/create', { Name: 'Other clinic', Targets: JSON.stringify({ All: false }) })).No;
    const reading = { list: true, viewer: true };
    const readers = await createReader(admin, {
      id: 'partner_doc',
      password: 'partner-password-1',
      name: 'Dr Partner',
      role: { name: 'Partner readers', institution: partner, permissions: reading },
    });
    await createRole(admin, { name: 'Other readers', institution: other, permissions: reading });
    // The user's shortcut names only the account; the dialog finds its role and institution.
    await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({
        Id: stack.adminId,
        key: 'list.share.share_with_shortcut',
        value: JSON.stringify({ share_with_shortcut: [{ label: 'Dr Partner', is_visible: true, Account: 'partner_doc' }] }),
      })
      .expect(200);

    const { page, shares } = await signInAsAdmin();
    const list = await selectInList(page, 'MR knee');
    await shares.shareMenu(list.toolbar, 'Share study…');
    const create = shares.dialog('Share study');
    await create.waitFor();
    await create.getByRole('radio', { name: 'Institution, role or account' }).check();
    const institution = create.getByLabel('Institution', { exact: true });
    const role = create.getByLabel('Role', { exact: true });
    const account = create.getByLabel('Account', { exact: true });
    await expect(role.isDisabled()).resolves.toBe(true);
    await institution.selectOption({ label: 'Partner clinic' });
    await role.selectOption({ label: 'Partner readers' });
    await account.selectOption({ label: 'Dr Partner (partner_doc)' });
    await screenshot(page, 'share-edit-target');
    // Another institution: its roles do not include the chosen one, so role and account clear.
    await institution.selectOption({ label: 'Other clinic' });
    await expect(role.inputValue()).resolves.toBe('');
    await expect(account.inputValue()).resolves.toBe('');
    await expect(account.isDisabled()).resolves.toBe(true);
    // An account needs its role: OK without a role is explained, not sent.
    await institution.selectOption('');
    await create.getByRole('button', { name: 'OK' }).click();
    await create.locator('.field-error', { hasText: 'The field is required' }).waitFor();

    await create.getByRole('button', { name: 'Dr Partner' }).click();
    await expect(institution.inputValue()).resolves.toBe(String(partner));
    await expect(role.inputValue()).resolves.toBe(String(readers));
    await expect(account.inputValue()).resolves.toBe('partner_doc');
    await create.getByRole('button', { name: 'OK' }).click();
    const done = shares.dialog('Shared');
    await done.waitFor();
    // Only guest shares have an access key.
    await expect(done.getByLabel('Access key').count()).resolves.toBe(0);
    await shares.footerButton(done, 'Close').click();

    await shares.open(stack.baseUrl, 'study');
    const row = shares.row('MR knee');
    await expect(shares.cell(row, 'SharedWith').textContent()).resolves.toBe('Partner clinic > Partner readers > Dr Partner');
    await shares.command(row, 'Info').click();
    await expect(shares.infoField('Type').textContent()).resolves.toBe('Account');
    await expect(shares.dialog('Share information').locator('a[data-link="viewer"]').textContent()).resolves.toBe(
      `${stack.baseUrl}/viewer/#/viewer?studyinstanceuid=${MR.study}`,
    );
  });
});

describe('e-mail sharing and settings', () => {
  it('uses the user shortcuts in the e-mail dialog; the admin renames a share column', async () => {
    const { page, shares } = await signInAsAdmin();
    // The user's shortcuts: a person and a subject.
    await page.goto(`${stack.baseUrl}/viewer/#/user/list/share`);
    const form = page.locator('.share-settings-form');
    await form.waitFor();
    const people = form.locator('fieldset', { has: page.locator('[data-section="people"]') });
    await people.getByRole('button', { name: 'Add' }).click();
    await people.getByRole('textbox', { name: 'Label' }).fill('Dr Who');
    await people.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').waitFor();
    await people.getByRole('textbox', { name: 'E-mail' }).fill('who@example.org');
    const subjects = form.locator('fieldset', { has: page.locator('[data-section="subject_shortcut"]') });
    await subjects.getByRole('button', { name: 'Add' }).click();
    await subjects.getByRole('textbox', { name: 'Subject' }).fill('Images for your review');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await screenshot(page, 'share-user-settings');
    const settings = (await admin.agent.get(`${API}/service/settings`).expect(200)).body.Settings.list.share;
    expect(settings.people).toEqual([{ label: 'Dr Who', email: 'who@example.org', is_visible: true }]);
    expect(settings.subject_shortcut).toEqual([{ label: 'Images for your review', is_visible: true }]);

    // Start from one share of the CT study, whatever the tests before left.
    for (const old of (await admin.agent.get(`${API}/sharestudies/all`).expect(200)).body as { No: number }[])
      await admin.agent.delete(`${API}/sharestudies/delete`).query({ no: old.No }).set(admin.csrf).expect(200);
    await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: CT.study, ExpiresAt: await shares.browserDay(5) })
      .expect(200);
    await shares.open(stack.baseUrl, 'study');
    await shares.command(shares.row('SHR-001'), 'Info').click();
    await shares.dialog('Share information').getByRole('button', { name: 'E-mail' }).click();
    const mail = shares.dialog('Share by e-mail');
    await mail.waitFor();
    await mail.getByLabel('People').selectOption({ label: 'Dr Who <who@example.org>' });
    await expect(mail.getByRole('textbox', { name: 'E-mail' }).inputValue()).resolves.toBe('who@example.org');
    await mail.getByLabel('Subjects').selectOption({ label: 'Images for your review' });
    await expect(mail.getByRole('textbox', { name: 'Subject' }).inputValue()).resolves.toBe('Images for your review');
    // Every tick box starts ticked; unticking the name and the report link leaves them out.
    const ticks = mail.locator('input[data-tick]');
    await expect(ticks.evaluateAll((boxes: HTMLInputElement[]) => boxes.every((box) => box.checked))).resolves.toBe(true);
    await expect(mail.locator('[data-tick="link-report"]').count()).resolves.toBe(1);
    await mail.locator('[data-tick="PatientName"]').uncheck();
    await mail.locator('[data-tick="link-report"]').uncheck();
    const body = await mail.getByLabel('Message').inputValue();
    expect(body).toContain('Patient ID: SHR-001');
    expect(body).not.toContain('Share Sam');
    expect(body).toContain('/viewer/#/list?accesskey=');
    expect(body).not.toContain('/viewer/#/report?');
    const href = (await mail.locator('a[data-webmail]').getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:who@example.org?subject=Images%20for%20your%20review&body=')).toBe(true);
    expect(decodeURIComponent(href.split('&body=')[1] ?? '')).toBe(body.replace(/\n/g, '\r\n'));
    // Headless Chromium has no share sheet, so the button is not offered.
    await expect(mail.getByRole('button', { name: 'Share…' }).count()).resolves.toBe(0);
    await screenshot(page, 'share-mail');
    await shares.footerButton(mail, 'Close').click();

    // The administrator renames the Patient ID column of the study share table.
    await page.goto(`${stack.baseUrl}/viewer/#/admin/share/general`);
    const study = page.locator('fieldset[data-kind="study"]');
    await study.waitFor();
    await screenshot(page, 'share-admin-columns');
    await study.locator('tr[data-key="PatientID"]').getByRole('textbox', { name: 'Label' }).fill('MRN');
    await study.locator('tr[data-key="PatientAge"]').getByRole('checkbox', { name: 'Visible' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await shares.open(stack.baseUrl, 'study');
    const headers = await shares.headers();
    expect(headers[3]).toBe('MRN');
    expect(headers).toContain('Age');
  });
});
