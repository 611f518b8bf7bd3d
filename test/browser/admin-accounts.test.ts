/**
 * admin/account ("Access") end to end on a real on-premises stack: an institution, a role in it
 * and an account in that role are created through the dialogs; the new account signs in; the
 * last Master account cannot leave the Master role; the account and the role are deleted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { AccessPage } from './pages/access-page.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { Shell } from './pages/shell.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;
let access: AccessPage;

const INSTITUTION = 'North Clinic';
const ROLE = 'Radiographer';
const ACCOUNT = { id: 'tech_one', name: 'Tech One', password: 'tech-pass-1' };

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await newPage(browser);
  await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  access = new AccessPage(admin.page, stack.baseUrl);
  await access.open();
});

// A failed step must not leave its dialog over the next test's screen.
afterEach(async () => {
  while ((await admin.page.getByRole('dialog').count()) > 0) await admin.page.keyboard.press('Escape');
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
});

describe('admin/account', () => {
  it('lists the accounts, with the admin in the Master role', async () => {
    await access.waitForRows();
    const row = access.row(stack.adminId);
    await expect(row.textContent()).resolves.toContain('Master');
    await screenshot(admin.page, 'admin-accounts');
  });

  it('creates an institution with targets', async () => {
    await access.showTab('Institutions');
    await access.row('Default').waitFor();
    // Institution 0 is the installation itself: it can be edited, never deleted.
    await expect(access.row('Default').getByRole('button', { name: 'Delete Default' }).count()).resolves.toBe(0);
    const dialog = await access.add('Add institution');
    await dialog.getByLabel('Name', { exact: true }).fill(INSTITUTION);
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByLabel('Phone').click();
    await dialog.getByText('The field must be a valid email address').waitFor();
    await dialog.getByLabel('E-mail').fill('desk@north.example');
    await dialog.getByRole('switch', { name: 'All studies' }).uncheck();
    await access.addTag(dialog, 'AE titles', 'AE_A1');
    await access.addTag(dialog, 'AE titles', 'AE_A2');
    await access.addTag(dialog, 'Modalities', 'mr');
    await dialog.getByText('Sees studies sent by AE_A1 or AE_A2 and with modality MR').waitFor();
    await access.save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = access.row(INSTITUTION);
    await expect(row.textContent()).resolves.toContain('desk@north.example');
    await expect(row.textContent()).resolves.toContain('Sees studies sent by AE_A1 or AE_A2 and with modality MR');
    await screenshot(admin.page, 'admin-institutions');
  });

  it('creates a role in that institution; the edition cannot grant subscription', async () => {
    await access.showTab('Roles');
    // The Master role is fixed: no edit or delete, a lock with the reason instead.
    const master = access.row('Master');
    await expect(master.getByRole('button').count()).resolves.toBe(0);
    await expect(master.locator('[title]').getAttribute('title')).resolves.toBe(
      'The Master role holds every permission and cannot be changed or deleted.',
    );
    const dialog = await access.add('Add role');
    await dialog.getByLabel('Name', { exact: true }).fill(ROLE);
    const institution = dialog.getByLabel('Institution', { exact: true });
    // Institution 0 is not offered.
    await expect(institution.locator('option').allTextContents()).resolves.not.toContain('Default');
    await institution.selectOption({ label: INSTITUTION });
    const subscription = dialog.getByRole('checkbox', { name: /^Subscription/ });
    await expect(subscription.isDisabled()).resolves.toBe(true);
    await expect(subscription.getAttribute('aria-describedby')).resolves.toBeTruthy();
    await dialog.getByText('Not available in this edition').waitFor();
    await dialog.getByRole('checkbox', { name: 'Study list', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Viewer', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'DICOM header', exact: true }).check();
    await dialog.getByRole('switch', { name: 'All studies' }).uncheck();
    await access.addTag(dialog, 'Modalities', 'CT');
    await dialog.getByText('Sees studies with modality CT').waitFor();
    await screenshot(admin.page, 'admin-role-dialog-targets');
    await dialog.locator('.dialog-body').evaluate((body) => body.scrollTo(0, 0));
    await screenshot(admin.page, 'admin-role-dialog');
    await access.save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = access.row(ROLE);
    await expect(row.textContent()).resolves.toContain(INSTITUTION);
    await expect(row.textContent()).resolves.toContain('Study list, Viewer, DICOM header');
    await screenshot(admin.page, 'admin-roles');

    // A second role of that name in the same institution is refused before it is sent.
    const again = await access.add('Add role');
    await again.getByLabel('Name', { exact: true }).fill(ROLE.toLowerCase());
    await again.getByLabel('Institution', { exact: true }).selectOption({ label: INSTITUTION });
    await access.save(again);
    await again.getByText('An item with the entered value already exists').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates an account in that role, which can then sign in', async () => {
    await access.showTab('Accounts');
    const dialog = await access.add('Add account');
    await dialog.getByLabel('ID', { exact: true }).fill(ACCOUNT.id);
    await dialog.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
    await dialog.getByLabel('Confirm password').fill(ACCOUNT.password);
    await dialog.getByLabel('Name', { exact: true }).fill(ACCOUNT.name);
    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: ROLE });
    // The institution follows from the role.
    await expect(dialog.locator('.access-derived').textContent()).resolves.toContain(INSTITUTION);
    await screenshot(admin.page, 'admin-account-dialog');
    await access.save(dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = access.row(ACCOUNT.id);
    await expect(row.textContent()).resolves.toContain(ROLE);
    await expect(row.textContent()).resolves.toContain(INSTITUTION);

    // A locked account offers Unlock (the lock is set directly: failing sign-ins takes longer).
    await stack.sql('update accounts set locked_at = now() where id = $1', [ACCOUNT.id]);
    await access.reload();
    await new Shell(admin.page).dismissTimeZoneIfAsked();
    await access.row(ACCOUNT.id).getByRole('button', { name: 'Unlock' }).click();
    await admin.page.getByText(`${ACCOUNT.id} was unlocked.`).waitFor();
    await access.row(ACCOUNT.id).getByRole('button', { name: 'Unlock' }).waitFor({ state: 'detached' });

    const fresh = await newPage(browser);
    try {
      const login = new LoginPage(fresh.page, stack.baseUrl);
      const shell = new Shell(fresh.page);
      await login.open('/login');
      await login.signIn(ACCOUNT.id, ACCOUNT.password);
      await shell.waitForRoute(/^\/list/);
      await expect(shell.profileButton.locator('.profile-name').textContent()).resolves.toBe(ACCOUNT.name);
    } finally {
      await fresh.context.close();
    }
  });

  it('keeps the last Master account in the Master role', async () => {
    const dialog = await access.edit(stack.adminId, `Edit account ${stack.adminId}`);
    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: ROLE });
    await access.save(dialog);
    await dialog.getByText('"Master" must always have at least one Account').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(access.row(stack.adminId).textContent()).resolves.toContain('Master');
  });

  it('refuses to delete a role that has accounts, then deletes the account and the role', async () => {
    await access.showTab('Roles');
    let dialog = await access.delete(ROLE, 'Delete role');
    await dialog.getByText('Are you sure you want to delete?').waitFor();
    await dialog.getByText('This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByText('The role still has accounts; move them to another role first.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await access.showTab('Accounts');
    dialog = await access.delete(ACCOUNT.id, 'Delete account');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await access.row(ACCOUNT.id).waitFor({ state: 'detached' });

    await access.showTab('Roles');
    dialog = await access.delete(ROLE, 'Delete role');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await access.row(ROLE).waitFor({ state: 'detached' });
    const rows = await stack.sql<{ n: number | string }>('select count(*) as n from roles where name = $1', [ROLE]);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
