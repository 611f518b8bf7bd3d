/**
 * user/report/pdf: the user's report PDF settings — paper, signature box, and the header and
 * footer (logo and text visibility and positions, reversed order, margins, border) with a live
 * preview of their grids. Saves settings report.pdf; the PDF uses it from then on.
 */
import { Form, Formik, useField, useFormikContext } from 'formik';
import { observer } from 'mobx-react-lite';
import { useId, useMemo } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField } from '../../../components/form-fields.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { isRtl } from '../../../i18n/languages.ts';
import { useReplaceSettings } from '../../settings/index.ts';
import {
  BLOCKS,
  BORDER_STYLES,
  effectivePdf,
  fromPdfForm,
  MARGINS,
  PAPER_SIZES,
  POSITIONS,
  toPdfForm,
  type BlockName,
  type PdfForm,
} from '../pdf-settings.ts';
import { PdfGridPreview } from './pdf-grid-preview.tsx';
import '../report-pdf.css';
import { PageHeader } from '../../../components/page-header.tsx';

const OPTION_LABELS = defineMessages({
  left: { id: 'reports.pdf.position.left' },
  center: { id: 'reports.pdf.position.center' },
  right: { id: 'reports.pdf.position.right' },
  image: { id: 'reports.pdf.logo_type.image' },
  text: { id: 'reports.pdf.logo_type.text' },
  solid: { id: 'reports.pdf.border_style.solid' },
  dashed: { id: 'reports.pdf.border_style.dashed' },
  dotted: { id: 'reports.pdf.border_style.dotted' },
  double: { id: 'reports.pdf.border_style.double' },
});

const BLOCK_TITLES = defineMessages({
  header: { id: 'reports.pdf.header' },
  footer: { id: 'reports.pdf.footer' },
});

function Select({ name, label, options }: { name: string; label: string; options: readonly { value: string; label: string }[] }) {
  const id = useId();
  const [field] = useField<string>(name);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({
  name,
  label,
  type = 'text',
  ...rest
}: {
  name: string;
  label: string;
  type?: string;
  min?: number;
  max?: number;
  maxLength?: number;
}) {
  const id = useId();
  const [field] = useField<string>(name);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="input" type={type} {...field} value={field.value ?? ''} {...rest} />
    </div>
  );
}

function BlockFields({ block }: { block: BlockName }) {
  const intl = useIntl();
  const { values } = useFormikContext<PdfForm>();
  const positions = POSITIONS.map((value) => ({ value, label: intl.formatMessage(OPTION_LABELS[value]) }));
  const margins = MARGINS.map((value) => ({ value: String(value), label: String(value) }));
  const form = values[block];
  return (
    <fieldset className="fieldset pdf-block-fields" data-block={block}>
      <legend>{intl.formatMessage(BLOCK_TITLES[block])}</legend>
      <div className="pdf-field-group">
        <CheckboxField name={`${block}.logoVisible`} label={<FormattedMessage id="reports.pdf.logo_visible" />} />
        <div className="form-row">
          <Select name={`${block}.logoPosition`} label={intl.formatMessage({ id: 'reports.pdf.logo_position' })} options={positions} />
          <Select
            name={`${block}.logoType`}
            label={intl.formatMessage({ id: 'reports.pdf.logo_type.label' })}
            options={(['image', 'text'] as const).map((value) => ({ value, label: intl.formatMessage(OPTION_LABELS[value]) }))}
          />
        </div>
        {form.logoType === 'text' && (
          <Input name={`${block}.logoText`} label={intl.formatMessage({ id: 'reports.pdf.logo_text' })} maxLength={200} />
        )}
      </div>
      <div className="pdf-field-group">
        <CheckboxField name={`${block}.textVisible`} label={<FormattedMessage id="reports.pdf.text_visible" />} />
        <div className="form-row">
          <Select name={`${block}.textPosition`} label={intl.formatMessage({ id: 'reports.pdf.text_position' })} options={positions} />
        </div>
        <CheckboxField name={`${block}.reversed`} label={<FormattedMessage id="reports.pdf.reversed" />} />
      </div>
      <div className="form-row">
        <Select name={`${block}.marginTop`} label={intl.formatMessage({ id: 'reports.pdf.margin_top' })} options={margins} />
        <Select name={`${block}.marginBottom`} label={intl.formatMessage({ id: 'reports.pdf.margin_bottom' })} options={margins} />
      </div>
      <div className="pdf-field-group">
        <span className="field-label">
          <FormattedMessage id="reports.pdf.border" />
        </span>
        <div className="checkbox-row">
          <CheckboxField name={`${block}.borderTop`} label={<FormattedMessage id="reports.pdf.border_top" />} />
          <CheckboxField name={`${block}.borderBottom`} label={<FormattedMessage id="reports.pdf.border_bottom" />} />
        </div>
        <div className="form-row">
          <Input
            name={`${block}.borderWidth`}
            label={intl.formatMessage({ id: 'reports.pdf.border_width' })}
            type="number"
            min={1}
            max={10}
          />
          <Select
            name={`${block}.borderStyle`}
            label={intl.formatMessage({ id: 'reports.pdf.border_style.label' })}
            options={BORDER_STYLES.map((value) => ({ value, label: intl.formatMessage(OPTION_LABELS[value]) }))}
          />
          <Input name={`${block}.borderColor`} label={intl.formatMessage({ id: 'reports.pdf.border_color' })} maxLength={20} />
        </div>
        {form.borderStyle === 'double' && Number(form.borderWidth) < 3 && (
          <p className="field-hint">
            <FormattedMessage id="reports.pdf.double_hint" />
          </p>
        )}
      </div>
    </fieldset>
  );
}

function Preview() {
  const { values } = useFormikContext<PdfForm>();
  return <PdfGridPreview header={values.header} footer={values.footer} rtl={isRtl(uiStore.language)} />;
}

export const ReportPdfScreen = observer(function ReportPdfScreen() {
  const intl = useIntl();
  const replace = useReplaceSettings();
  const userPdf = sessionStore.settings?.report?.pdf;
  const configsPdf = sessionStore.configs?.report?.pdf;
  const base = useMemo(() => effectivePdf(userPdf, configsPdf), [userPdf, configsPdf]);
  const initial = useMemo(() => toPdfForm(base), [base]);

  const { saved, submit } = useSaveSubmit((values: PdfForm) =>
    replace.mutateAsync({ key: 'report.pdf', value: fromPdfForm(values, base) }),
  );

  return (
    <div className="page report-pdf-page">
      <PageHeader title={<FormattedMessage id="reports.pdf.title" />} description={<FormattedMessage id="reports.pdf.description" />} />
      <Formik initialValues={initial} onSubmit={submit} enableReinitialize>
        {({ isSubmitting, dirty }) => (
          <Form className="report-pdf-layout" noValidate>
            <div className="form report-pdf-form">
              <fieldset className="fieldset">
                <legend>
                  <FormattedMessage id="reports.pdf.page" />
                </legend>
                <div className="form-row">
                  <Select
                    name="paperSize"
                    label={intl.formatMessage({ id: 'reports.pdf.paper_size' })}
                    options={PAPER_SIZES.map((value) => ({ value, label: value }))}
                  />
                </div>
                <CheckboxField name="signatureVisible" label={<FormattedMessage id="reports.pdf.signature" />} />
              </fieldset>
              {BLOCKS.map((block) => (
                <BlockFields key={block} block={block} />
              ))}
              <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
            </div>
            <div className="report-pdf-aside">
              <Preview />
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
});
