import { describe, expect, it } from 'vitest';
import { composeMailBody, mailtoUrl } from './share-mail.ts';
import { initialTab } from './share-list-tabs.ts';
import { shareLink, sharePages } from './share-links.ts';
import { parseModalities } from './share-modalities.ts';

const fields = [
  { key: 'PatientID', label: 'Patient ID', value: 'P1', checked: true },
  { key: 'PatientName', label: 'Patient Name', value: 'Doe John', checked: false },
  { key: 'StudyDescription', label: 'Study Description', value: '', checked: true },
];
const links = [
  { key: 'link-list', label: 'List link', value: 'https://pacs/viewer/#/list?accesskey=k', checked: true },
  { key: 'link-report', label: 'Report link', value: 'https://pacs/viewer/#/report?accesskey=k', checked: false },
];

describe('e-mail share', () => {
  it('puts only ticked, non-empty fields and ticked links into the body', () => {
    expect(composeMailBody(fields, links)).toBe('Patient ID: P1\n\nList link:\nhttps://pacs/viewer/#/list?accesskey=k');
    expect(composeMailBody([], [])).toBe('');
  });

  it('builds a mailto URL with recipient, subject and body', () => {
    const url = mailtoUrl(' dr@example.org ', 'CT & MR', 'a\nb?');
    expect(url).toBe('mailto:dr@example.org?subject=CT%20%26%20MR&body=a%0D%0Ab%3F');
    expect(mailtoUrl('', 'x', '')).toBe('mailto:?subject=x&body=');
  });
});

describe('share links', () => {
  const study = { AccessKey: null, StudyInstanceUID: '1.2.3', PatientID: 'P 1' };
  it('use the access key for guests, else the study UID or patient ID', () => {
    expect(shareLink('https://pacs/', 'viewer', 'study', { ...study, AccessKey: 'abc' })).toBe(
      'https://pacs/viewer/#/viewer?accesskey=abc',
    );
    expect(shareLink('https://pacs', 'list', 'study', study)).toBe('https://pacs/viewer/#/list?studyinstanceuid=1.2.3');
    expect(shareLink('https://pacs', 'list', 'patient', { ...study, StudyInstanceUID: null })).toBe(
      'https://pacs/viewer/#/list?patientid=P+1',
    );
  });

  it('offer the report link at study level only', () => {
    expect(sharePages('study')).toEqual(['list', 'viewer', 'report']);
    expect(sharePages('patient')).toEqual(['list', 'viewer']);
  });
});

describe('share list modal and patient shares', () => {
  it('opens on the patient tab only when the study has no shares but the patient has', () => {
    expect(initialTab({ study: 0, patient: 2 })).toBe('patient');
    expect(initialTab({ study: 1, patient: 2 })).toBe('study');
    expect(initialTab({ study: 0, patient: 0 })).toBe('study');
  });

  it('reads a typed modality list', () => {
    expect(parseModalities(' ct, MR  mr;us ')).toEqual(['CT', 'MR', 'US']);
    expect(parseModalities('')).toEqual([]);
  });
});
