import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField, SelectField, TextField } from '../../../components/form-fields.tsx';
import { SettingsForm } from '../../../components/save-form.tsx';
import { AUTO_DELETE_MESSAGES as M } from '../messages.ts';
import { useUpdateAutoDeleteSettings } from '../api/update-auto-delete-settings.ts';
import { autoDeleteInput, autoDeleteSchema, autoDeleteValues, columnOptions, type AutoDeleteValues } from '../settings-form.ts';
import type { AutoDeleteSettingsFind } from '../types.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

const RULE_TEXT = {
  Lifetime: { label: M.lifetime, unit: M.days, hint: M.lifetime_hint },
  NumberOfStudies: { label: M.number_of_studies_label, unit: M.studies, hint: M.number_of_studies_hint },
  Capacity: { label: M.capacity_label, unit: M.gb, hint: M.capacity_hint },
} as const;

/** One rule: its value (empty = no rule) and the date its age is read by. */
function RuleRow({ name, step }: { name: keyof typeof RULE_TEXT; step: string }) {
  const intl = useIntl();
  return (
    <div className="form-row autodelete-rule">
      <TextField
        name={name}
        type="number"
        inputMode={name === 'Capacity' ? 'decimal' : 'numeric'}
        min={0}
        step={step}
        placeholder={intl.formatMessage({ id: 'admin.auto_delete.no_rule' })}
        label={intl.formatMessage(RULE_TEXT[name].label)}
        suffix={intl.formatMessage(RULE_TEXT[name].unit)}
        hint={intl.formatMessage(RULE_TEXT[name].hint)}
      />
      <SelectField
        name={`${name}Column`}
        label={intl.formatMessage({ id: 'admin.auto_delete.column.label' })}
        options={columnOptions(intl)}
      />
    </div>
  );
}

/** The daily hour, the three rules, where studies go and what is kept. */
export function AutoDeleteForm({ settings }: { settings: AutoDeleteSettingsFind }) {
  const intl = useIntl();
  const update = useUpdateAutoDeleteSettings();
  const schema = useMemo(() => autoDeleteSchema(intl), [intl]);
  return (
    <SettingsForm<AutoDeleteValues>
      titleId="autodelete-settings-title"
      title={<FormattedMessage id="admin.auto_delete.settings" />}
      initialValues={autoDeleteValues(settings)}
      validationSchema={schema}
      save={(values) => update.mutateAsync(autoDeleteInput(values))}
      disabled={!settings.Available}
    >
      <fieldset className="autodelete-group" disabled={!settings.Available}>
        <legend className="field-label">
          <FormattedMessage id="admin.auto_delete.schedule" />
        </legend>
        <div className="form-row autodelete-rule">
          <CheckboxField name="Enabled" label={<FormattedMessage id="admin.auto_delete.enabled" />} />
          <SelectField name="Hour" label={intl.formatMessage({ id: 'admin.auto_delete.hour' })} options={HOURS} />
        </div>
      </fieldset>
      <fieldset className="autodelete-group" disabled={!settings.Available}>
        <legend className="field-label">
          <FormattedMessage id="admin.auto_delete.rules" />
        </legend>
        <p className="muted autodelete-note">
          <FormattedMessage id="admin.auto_delete.rules_note" />
        </p>
        <RuleRow name="Lifetime" step="1" />
        <RuleRow name="NumberOfStudies" step="1" />
        <RuleRow name="Capacity" step="any" />
      </fieldset>
      <fieldset className="autodelete-group" disabled={!settings.Available}>
        <legend className="field-label">
          <FormattedMessage id="admin.auto_delete.what_happens" />
        </legend>
        <CheckboxField name="DeleteNow" label={<FormattedMessage id="admin.auto_delete.delete_now" />} />
        <CheckboxField name="KeepDraftReports" label={<FormattedMessage id="admin.auto_delete.keep_draft_reports" />} />
        <CheckboxField name="KeepShared" label={<FormattedMessage id="admin.auto_delete.keep_shared" />} />
      </fieldset>
    </SettingsForm>
  );
}
