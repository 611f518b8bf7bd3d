/**
 * admin/general/localization (spec 2 §3, §9; spec 3 §7): the site's country, time zone, date
 * format, first day of the week, unit of length, default language and patient-name options, saved
 * node by node into the configs (only the nodes that changed), and the default specific character
 * set, which the adapter pushes to Orthanc. Choices come from the lists the adapter checks
 * (common configs/site-rules.ts), so a choice offered here is never refused there.
 */
import { Form, Formik } from 'formik';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import * as yup from 'yup';
import { DATE_FORMATS, FIRST_DAYS_OF_WEEK, JAPANESE_NAME_FORMS, UNITS_OF_LENGTH, type Configs } from '@pacs/common';
import { formatDicomDate } from '../../../lib/dicom-format.ts';
import { CheckboxField, FormAlert, SelectField } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { VALIDATION } from '../../../lib/validation-messages.ts';
import { useCharacterSet, useUpdateCharacterSet } from '../api/character-set.ts';
import { useConfigs } from '../api/get-configs.ts';
import { useReplaceConfigs } from '../api/replace-configs.ts';
import { countryOptions, timeZoneOptions } from '../countries.ts';

const CHOICES = defineMessages({
  monday: { id: 'admin.localization.monday' },
  sunday: { id: 'admin.localization.sunday' },
  mm: { id: 'admin.localization.unit_mm' },
  inch: { id: 'admin.localization.unit_inch' },
  kana: { id: 'admin.localization.ja_kana' },
  kanji: { id: 'admin.localization.ja_kanji' },
  alphabet: { id: 'admin.localization.ja_alphabet' },
});

interface LocalizationValues {
  country: string;
  time_zone: string;
  date_format: string;
  first_day_of_week: string;
  unit_of_length: string;
  lang: string;
  ja: string;
  is_replace_space_with_caret: boolean;
}

const schema = yup.object({
  country: yup.string().required(VALIDATION.required.id),
  time_zone: yup.string().required(VALIDATION.required.id),
});

function valuesOf(configs: Configs): LocalizationValues {
  return {
    country: configs.country.toLowerCase(),
    time_zone: configs.time_zone,
    date_format: configs.date_format,
    first_day_of_week: configs.first_day_of_week,
    unit_of_length: configs.unit_of_length,
    lang: configs.lang,
    ja: configs.patient_name.ja,
    is_replace_space_with_caret: configs.patient_name.is_replace_space_with_caret,
  };
}

/** The configs nodes a save writes: each changed top-level node once, patient_name whole. */
function changedNodes(before: LocalizationValues, after: LocalizationValues): { key: string; value: unknown }[] {
  const nodes: { key: string; value: unknown }[] = [];
  for (const key of ['country', 'time_zone', 'date_format', 'first_day_of_week', 'unit_of_length', 'lang'] as const) {
    if (before[key] !== after[key]) nodes.push({ key, value: after[key] });
  }
  if (before.ja !== after.ja || before.is_replace_space_with_caret !== after.is_replace_space_with_caret) {
    nodes.push({ key: 'patient_name', value: { ja: after.ja, is_replace_space_with_caret: after.is_replace_space_with_caret } });
  }
  return nodes;
}

/** A server message under `patient_name.ja` belongs to the form's `ja` field. */
const RENAMED_FIELDS: Record<string, string> = {
  'patient_name.ja': 'ja',
  'patient_name.is_replace_space_with_caret': 'is_replace_space_with_caret',
};

function LocalizationForm({ configs }: { configs: Configs }) {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const initial = useMemo(() => valuesOf(configs), [configs]);
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const zones = useMemo(() => timeZoneOptions(), []);
  const { saved, submit } = useSaveSubmit(async (values: LocalizationValues) => {
    for (const node of changedNodes(initial, values)) await replace.mutateAsync(node);
  }, RENAMED_FIELDS);
  const option = (id: string) => intl.formatMessage({ id });
  const dateFormats = DATE_FORMATS.map((format) => ({
    value: format,
    label: intl.formatMessage({ id: 'admin.localization.date_example' }, { format, example: formatDicomDate('20240131', format) }),
  }));

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="localization-region-title">
          <h2 id="localization-region-title" className="card-title">
            <FormattedMessage id="admin.localization.region_title" />
          </h2>
          <div className="form-row">
            <SelectField
              name="country"
              label={<FormattedMessage id="admin.localization.country" />}
              options={countries}
              placeholder={option('common.select')}
            />
            <SelectField
              name="time_zone"
              label={<FormattedMessage id="admin.localization.time_zone" />}
              options={zones}
              placeholder={option('common.select')}
            />
          </div>
          <div className="form-row">
            <SelectField name="date_format" label={<FormattedMessage id="admin.localization.date_format" />} options={dateFormats} />
            <SelectField
              name="first_day_of_week"
              label={<FormattedMessage id="admin.localization.first_day_of_week" />}
              options={FIRST_DAYS_OF_WEEK.map((day) => ({ value: day, label: intl.formatMessage(CHOICES[day]) }))}
            />
          </div>
          <div className="form-row">
            <SelectField
              name="unit_of_length"
              label={<FormattedMessage id="admin.localization.unit_of_length" />}
              options={UNITS_OF_LENGTH.map((unit) => ({ value: unit, label: intl.formatMessage(CHOICES[unit]) }))}
            />
            <SelectField
              name="lang"
              label={<FormattedMessage id="admin.localization.lang" />}
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
            />
          </div>
          <p className="field-hint">
            <FormattedMessage id="admin.localization.lang_hint" />
          </p>
          <h2 className="card-title">
            <FormattedMessage id="admin.localization.names_title" />
          </h2>
          <SelectField
            name="ja"
            label={<FormattedMessage id="admin.localization.ja" />}
            options={JAPANESE_NAME_FORMS.map((form) => ({ value: form, label: intl.formatMessage(CHOICES[form]) }))}
          />
          <p className="field-hint">
            <FormattedMessage id="admin.localization.ja_hint" />
          </p>
          <CheckboxField name="is_replace_space_with_caret" label={<FormattedMessage id="admin.localization.caret" />} />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

function CharacterSetForm() {
  const status = useCharacterSet();
  const update = useUpdateCharacterSet();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!status.data) return <Loading />;
  const value = chosen ?? status.data.Name;
  return (
    <form
      className="form"
      aria-labelledby="charset-title"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(value, { onSuccess: () => setChosen(null) });
      }}
    >
      <h2 id="charset-title" className="card-title">
        <FormattedMessage id="admin.localization.charset_title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="admin.localization.charset_description" />
      </p>
      <div className="field">
        <label htmlFor="charset" className="field-label">
          <FormattedMessage id="admin.localization.charset" />
        </label>
        <select id="charset" className="input select" value={value} onChange={(event) => setChosen(event.target.value)}>
          {status.data.list.map((item) => (
            <option key={item.Name} value={item.Name}>
              {/* The DICOM defined term and the standard's English name of what it covers. */}
              {`${item.Name} — ${item.label}`}
            </option>
          ))}
        </select>
        <div className="field-hint">
          <FormattedMessage id="admin.localization.charset_warning" />
        </div>
      </div>
      {update.isSuccess && chosen === null && (
        <FormAlert tone="success">
          <FormattedMessage id="common.saved" />
        </FormAlert>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending || value === status.data.Name}>
          <FormattedMessage id="admin.localization.charset_apply" />
        </button>
      </div>
    </form>
  );
}

function Loading() {
  return (
    <p className="muted" role="status">
      <FormattedMessage id="common.loading" />
    </p>
  );
}

export const LocalizationScreen = observer(function LocalizationScreen() {
  const configs = useConfigs();
  return (
    <div className="page">
      <PageHeader
        title={<FormattedMessage id="admin.localization.title" />}
        description={<FormattedMessage id="admin.localization.description" />}
      />
      <div className="card-grid">
        <div className="card">{configs.data ? <LocalizationForm configs={configs.data} /> : <Loading />}</div>
        <div className="card">
          <CharacterSetForm />
        </div>
      </div>
    </div>
  );
});
