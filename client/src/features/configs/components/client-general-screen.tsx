/**
 * admin/client/general (spec 2 §3 header_logo, §7 "Product image"): the header's logo with or
 * without text beside it, that text, and the site's own images (logo for light bars, logo for the
 * viewer's dark bar, favicon). A file is checked in the browser by its bytes and size (common
 * file-type.ts, product-images.ts) before it is sent; the adapter checks again and has the last word.
 */
import { Form, Formik } from 'formik';
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import {
  FILE_TYPE_PROBE_BYTES,
  HEADER_LOGO_TEXT_MAX_LENGTH,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_NAMES,
  detectFileKind,
  type Configs,
  type ProductImageName,
} from '@pacs/common';
import { CheckboxField, FormAlert, TextField } from '../../../components/form-fields.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SaveActions, useSaveSubmit } from '../../../components/save-form.tsx';
import { Logo } from '../../../components/icons.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useConfigs } from '../api/get-configs.ts';
import { useDeleteProductImage, productImageUrl, useProductImages, useUploadProductImage } from '../api/product-images.ts';
import { useReplaceConfigs } from '../api/replace-configs.ts';
import '../configs.css';

const IMAGE_NAMES = defineMessages({
  logo_small_light: { id: 'admin.client_general.logo_small_light' },
  logo_small_dark: { id: 'admin.client_general.logo_small_dark' },
  favicon: { id: 'admin.client_general.favicon' },
});

const PROBLEMS = defineMessages({
  not_image: { id: 'admin.client_general.not_image' },
  too_large: { id: 'admin.client_general.too_large' },
});

interface HeaderValues {
  show_text: boolean;
  text: string;
}

function HeaderForm({ configs }: { configs: Configs }) {
  const replace = useReplaceConfigs();
  const initial = useMemo(() => ({ show_text: !configs.header_logo.no_text, text: configs.header_logo.text }), [configs]);
  const { saved, submit } = useSaveSubmit(
    (values: HeaderValues) => replace.mutateAsync({ key: 'header_logo', value: { no_text: !values.show_text, text: values.text.trim() } }),
    { 'header_logo.text': 'text', 'header_logo.no_text': 'show_text' },
  );
  return (
    <Formik initialValues={initial} onSubmit={submit} enableReinitialize>
      {({ isSubmitting, dirty, values }) => (
        <Form className="form" noValidate aria-labelledby="header-logo-title">
          <h2 id="header-logo-title" className="card-title">
            <FormattedMessage id="admin.client_general.header_title" />
          </h2>
          <CheckboxField name="show_text" label={<FormattedMessage id="admin.client_general.show_text" />} />
          <TextField
            name="text"
            maxLength={HEADER_LOGO_TEXT_MAX_LENGTH}
            disabled={!values.show_text}
            label={<FormattedMessage id="admin.client_general.text" />}
            hint={<FormattedMessage id="admin.client_general.text_hint" />}
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

/** Why a picked file cannot be a logo, read from its first bytes and its size; null when it may go. */
async function localProblem(file: File): Promise<'not_image' | 'too_large' | null> {
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return 'too_large';
  const kind = detectFileKind(new Uint8Array(await file.slice(0, FILE_TYPE_PROBE_BYTES).arrayBuffer()));
  return kind === 'png' || kind === 'jpeg' ? null : 'not_image';
}

function ImageRow({ name, url }: { name: ProductImageName; url: string | undefined }) {
  const intl = useIntl();
  const id = useId();
  const upload = useUploadProductImage();
  const remove = useDeleteProductImage();
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = await localProblem(file);
    if (local) {
      setProblem(intl.formatMessage(PROBLEMS[local]));
      return;
    }
    setProblem(null);
    upload.mutate(
      { name, file },
      {
        onError: (error) =>
          setProblem(isApiError(error) ? (error.fields?.file ?? error.message) : intl.formatMessage({ id: 'errors.unexpected' })),
      },
    );
  };

  return (
    <div className="product-image" data-image={name}>
      <div className={`product-image-preview${name === 'logo_small_dark' ? ' product-image-preview-dark' : ''}`}>
        {url ? <img src={url} alt={intl.formatMessage(IMAGE_NAMES[name])} /> : <Logo size={32} />}
      </div>
      <div className="product-image-body">
        <label htmlFor={id} className="field-label">
          {intl.formatMessage(IMAGE_NAMES[name])}
        </label>
        {!url && (
          <span className="muted">
            <FormattedMessage id="admin.client_general.default_image" />
          </span>
        )}
        <div className="product-image-actions">
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg"
            className="input"
            onChange={(event) => void pick(event)}
            disabled={upload.isPending}
          />
          {url && (
            <button
              type="button"
              className="button button-small button-danger-quiet"
              onClick={() => remove.mutate(name)}
              disabled={remove.isPending}
            >
              <FormattedMessage id="admin.client_general.remove" />
            </button>
          )}
        </div>
        {problem && <FormAlert>{problem}</FormAlert>}
      </div>
    </div>
  );
}

function ImagesCard() {
  const images = useProductImages();
  return (
    <section aria-labelledby="product-images-title">
      <h2 id="product-images-title" className="card-title">
        <FormattedMessage id="admin.client_general.images_title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="admin.client_general.image_hint" />
      </p>
      {PRODUCT_IMAGE_NAMES.map((name) => (
        <ImageRow key={name} name={name} url={productImageUrl(images.data, name)} />
      ))}
    </section>
  );
}

export const ClientGeneralScreen = observer(function ClientGeneralScreen() {
  const configs = useConfigs();
  return (
    <div className="page">
      <PageHeader
        title={<FormattedMessage id="admin.client_general.title" />}
        description={<FormattedMessage id="admin.client_general.description" />}
      />
      <div className="card-grid">
        <div className="card">
          {configs.data ? (
            <HeaderForm configs={configs.data} />
          ) : (
            <p className="muted" role="status">
              <FormattedMessage id="common.loading" />
            </p>
          )}
        </div>
        <div className="card">
          <ImagesCard />
        </div>
      </div>
    </div>
  );
});
