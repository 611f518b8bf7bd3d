/**
 * admin/general/option (spec 2 §3): what every user is offered — the list toolbar's "Import
 * sample", anonymization in the export dialog — and which attributes an anonymized export empties
 * (the configs' anonymization list, whose order and labels stay as stored).
 */
import { Form, Formik } from 'formik';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AnonymizationItem, Configs } from '@pacs/common';
import { CheckboxField } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { anonymizationItemName } from '../../studies/index.ts';
import { useConfigs } from '../api/get-configs.ts';
import { useReplaceConfigs } from '../api/replace-configs.ts';

interface OptionValues {
  offer_import_sample: boolean;
  is_visible_anonymization_option: boolean;
  /** Enabled flags by anonymization key. */
  enabled: Record<string, boolean>;
}

function valuesOf(configs: Configs): OptionValues {
  return {
    offer_import_sample: !configs.is_invisible_import_sample,
    is_visible_anonymization_option: configs.is_visible_anonymization_option,
    enabled: Object.fromEntries(configs.anonymization.map((item) => [item.key, item.is_enabled])),
  };
}

function OptionForm({ configs }: { configs: Configs }) {
  const intl = useIntl();
  const replace = useReplaceConfigs();
  const initial = useMemo(() => valuesOf(configs), [configs]);
  const { saved, submit } = useSaveSubmit(async (values: OptionValues) => {
    if (values.offer_import_sample !== initial.offer_import_sample)
      await replace.mutateAsync({ key: 'is_invisible_import_sample', value: !values.offer_import_sample });
    if (values.is_visible_anonymization_option !== initial.is_visible_anonymization_option)
      await replace.mutateAsync({ key: 'is_visible_anonymization_option', value: values.is_visible_anonymization_option });
    const list: AnonymizationItem[] = configs.anonymization.map((item) => ({ ...item, is_enabled: values.enabled[item.key] ?? false }));
    if (list.some((item, index) => item.is_enabled !== configs.anonymization[index]?.is_enabled))
      await replace.mutateAsync({ key: 'anonymization', value: list });
  });

  return (
    <Formik initialValues={initial} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby="option-title">
          <h2 id="option-title" className="card-title">
            <FormattedMessage id="admin.option.offered_title" />
          </h2>
          <CheckboxField name="offer_import_sample" label={<FormattedMessage id="admin.option.import_sample" />} />
          <CheckboxField name="is_visible_anonymization_option" label={<FormattedMessage id="admin.option.anonymization_option" />} />
          <h2 className="card-title">
            <FormattedMessage id="admin.option.anonymization_title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="admin.option.anonymization_description" />
          </p>
          <div className="checkbox-grid">
            {configs.anonymization.map((item) => (
              <CheckboxField key={item.key} name={`enabled.${item.key}`} label={anonymizationItemName(intl, item)} />
            ))}
          </div>
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

export const OptionScreen = observer(function OptionScreen() {
  const configs = useConfigs();
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="admin.option.title" />} description={<FormattedMessage id="admin.option.description" />} />
      <div className="card card-narrow">
        {configs.data ? (
          <OptionForm configs={configs.data} />
        ) : (
          <p className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </p>
        )}
      </div>
    </div>
  );
});
