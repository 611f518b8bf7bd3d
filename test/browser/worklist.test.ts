/**
 * The worklist screen end to end (issue 17): an entry added from /mwm in Chromium is answered to a
 * registered modality's `findscu -W` with the name as typed (Japanese, UTF-8); the dialog explains
 * a bad age and a missing patient ID before anything is sent; the entry is edited and deleted from
 * the toolbar. Screenshots at desktop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { signIn } from '../harness/api.ts';
import { findWorklist } from '../harness/dicom.ts';
import { postForm } from '../harness/fixtures.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { WorklistPage } from './pages/worklist-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let worklist: WorklistPage;
/** Worklist calls the browser sent, to prove the client refused bad input before sending. */
const sent: string[] = [];

const NAME = '山田^花子=やまだ^はなこ';

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await postForm(admin, '/users/create', { Provider: '1', Name: 'MR room', AETitle: 'MR_ROOM', IPAddress: '127.0.0.1', Port: '104' });
  open = await newPage(browser, { width: 1366, height: 800 });
  open.page.on('request', (request) => {
    if (/\/mwm\/(create|update|delete)/.test(request.url())) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  worklist = new WorklistPage(open.page, stack.baseUrl);
});

afterAll(async () => {
  await open?.context.close();
  await browser?.close();
  await stack?.stop();
});

const queryMr = (date: string) =>
  findWorklist({ port: stack.config.dicomPort }, 'MR_ROOM', [
    'SpecificCharacterSet=ISO_IR 192',
    'PatientName',
    'PatientID',
    'AccessionNumber',
    'ScheduledProcedureStepSequence[0].Modality=MR',
    `ScheduledProcedureStepSequence[0].ScheduledProcedureStepStartDate=${date}`,
  ]);

describe('/mwm', () => {
  it('adds an entry that a modality then finds by C-FIND', async () => {
    await worklist.open();
    await expect(worklist.count.textContent()).resolves.toBe('0 of 0 entries');
    await worklist.tool('Add').click();
    await worklist.entryDialog.waitFor();

    // Nothing typed yet, and a bad age: the dialog says so without asking the server.
    await worklist.field('Age').fill('12Y');
    await worklist.save();
    await expect(worklist.entryDialog.getByText('The field is required').first().isVisible()).resolves.toBe(true);
    await expect(worklist.entryDialog.getByText('The field is not a valid value').first().isVisible()).resolves.toBe(true);
    expect(sent).toEqual([]);

    await worklist.field('Patient ID').fill('MWM-UI-1');
    await worklist.field('Patient Name').fill(NAME);
    await worklist.field('Age').fill('034Y');
    await worklist.field('Sex').selectOption('F');
    await worklist.field('Modality').selectOption('MR');
    await worklist.field('Scheduled date').fill('2031-04-05');
    await worklist.field('Scheduled time').fill('14:20:00');
    await worklist.field('Station AE title').fill('MR_ROOM');
    await worklist.field('Accession Number').fill('ACC-UI-1');
    await worklist.field('Requested procedure').fill('Brain MRI');
    await screenshot(open.page, 'worklist-add-desktop');
    await worklist.save();
    await worklist.entryDialog.waitFor({ state: 'detached' });
    expect(sent).toEqual(['POST /viewer/api/mwm/create']);

    // The list reloads after the save (and the patient import may still be running on first open).
    await expect.poll(() => worklist.count.textContent(), { timeout: 10_000 }).toBe('1 of 1 entry');
    const row = worklist.rows.first();
    await expect(row.textContent()).resolves.toContain('MWM-UI-1');
    await expect(row.textContent()).resolves.toContain('山田 花子');
    await expect(row.textContent()).resolves.toContain('Scheduled');
    await screenshot(open.page, 'worklist-desktop');

    const found = await queryMr('20310405');
    expect(found.ok, found.stderr).toBe(true);
    expect(found.answers).toHaveLength(1);
    expect(found.answers[0]!.dataset).toMatchObject({ PatientID: 'MWM-UI-1', AccessionNumber: 'ACC-UI-1' });
    expect(found.answers[0]!.bytes.includes(Buffer.from(NAME, 'utf8'))).toBe(true);
  });

  it('edits the selected entry, then deletes it: C-FIND no longer finds it', async () => {
    await worklist.rows.first().click();
    await worklist.tool('Edit').click();
    await worklist.entryDialog.waitFor();
    await worklist.field('Scheduled date').fill('2031-04-06');
    await worklist.save();
    await worklist.entryDialog.waitFor({ state: 'detached' });
    expect((await queryMr('20310405')).answers).toEqual([]);
    expect((await queryMr('20310406')).answers).toHaveLength(1);

    // Still selected after the edit.
    await expect(worklist.rows.first().getAttribute('aria-selected')).resolves.toBe('true');
    await worklist.tool('Delete').click();
    const confirm = open.page.getByRole('dialog', { name: 'Delete worklist entry' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect(worklist.count.textContent()).resolves.toBe('0 of 0 entries');
    expect((await queryMr('20310406')).answers).toEqual([]);
  });

  it('fits a phone', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
      await admin.agent
        .post('/viewer/api/mwm/create')
        .set(admin.csrf)
        .send({
          PatientID: 'MWM-UI-2',
          PatientName: 'Kim^Minjun=김^민준',
          ScheduledProcedureStep: { Modality: 'CT', ScheduledProcedureStepStartDate: '20310407' },
        })
        .expect(200);
      const small = new WorklistPage(phone.page, stack.baseUrl);
      await small.open();
      await expect(small.rows.count()).resolves.toBe(1);
      await screenshot(phone.page, 'worklist-phone');
      await small.tool('Add').click();
      await small.entryDialog.waitFor();
      await screenshot(phone.page, 'worklist-add-phone');
    } finally {
      await phone.context.close();
    }
  });

  it('fills the patient from a patient record picked in the add dialog', async () => {
    const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    await postForm(admin, '/patients/addinformation', { ID: 'REC-7', Name: 'Record^Rita', Sex: 'F', BirthDate: '19700203' });
    await worklist.open();
    await worklist.tool('Add').click();
    await worklist.entryDialog.waitFor();
    await worklist.entryDialog.getByRole('combobox', { name: 'Patient', exact: true }).fill('REC-');
    await worklist.entryDialog.getByRole('option').filter({ hasText: 'REC-7' }).click();
    await expect(worklist.field('Patient ID').inputValue()).resolves.toBe('REC-7');
    await expect(worklist.field('Patient Name').inputValue()).resolves.toBe('Record^Rita');
    await expect(worklist.field('Sex').inputValue()).resolves.toBe('F');
    await expect(worklist.field('Birth Date').inputValue()).resolves.toBe('1970-02-03');
    await worklist.entryDialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
