/**
 * Add or edit one toolbar item (spec 2 §2 "Toolbar item edit modal", §5 "Toolbar edit"): the
 * type (feature, folder or divider; fixed once the item exists), the feature chosen from the
 * offered ones, a folder's name (required, at most 50 characters), the position (left or
 * right) and, for anything but a folder, the folder it sits in. OK stays disabled while the
 * form is invalid.
 */
import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { mixed, object, string } from 'yup';
import { isToolbarFolderName, isToolbarPosition, TOOLBAR_FOLDER_NAME_MAX_LENGTH, type ToolbarPosition } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { VALIDATION } from '../../../lib/validation-messages.ts';

export type EditableType = 'feature' | 'folder' | 'divider';

export interface ToolbarItemValues {
  type: EditableType;
  feature: string;
  label: string;
  position: ToolbarPosition;
  /** '' for the top level, else the top-level index of the folder. */
  folder: string;
}

export const toolbarItemSchema = object({
  type: mixed<EditableType>().oneOf(['feature', 'folder', 'divider']).required(),
  feature: string().when('type', {
    is: 'feature',
    then: (schema) => schema.required(VALIDATION.required.id),
  }),
  label: string().when('type', {
    is: 'folder',
    then: (schema) => schema.test('folder-name', VALIDATION.required.id, (value) => isToolbarFolderName(value ?? '')),
  }),
  position: string().test('position', VALIDATION.required.id, (value) => isToolbarPosition(value)),
  folder: string(),
});

export interface ToolbarItemDialogProps {
  mode: 'add' | 'edit';
  initial: ToolbarItemValues;
  /** Features the user may pick (already translated). */
  features: readonly { value: string; label: string }[];
  /** Folders an item may go into: top-level index and name. */
  folders: readonly { value: string; label: string }[];
  onSubmit: (values: ToolbarItemValues) => void;
  onClose: () => void;
}

export function ToolbarItemDialog({ mode, initial, features, folders, onSubmit, onClose }: ToolbarItemDialogProps) {
  const intl = useIntl();
  const typeOptions = [
    { value: 'feature', label: intl.formatMessage({ id: 'toolbars.type.feature' }) },
    { value: 'folder', label: intl.formatMessage({ id: 'toolbars.type.folder' }) },
    { value: 'divider', label: intl.formatMessage({ id: 'toolbars.type.divider' }) },
  ];
  const positionOptions = [
    { value: 'left', label: intl.formatMessage({ id: 'toolbars.position.left' }) },
    { value: 'right', label: intl.formatMessage({ id: 'toolbars.position.right' }) },
  ];
  const folderOptions = [{ value: '', label: intl.formatMessage({ id: 'toolbars.dialog.top_level' }) }, ...folders];
  return (
    <Formik initialValues={initial} validationSchema={toolbarItemSchema} validateOnMount onSubmit={onSubmit}>
      {({ values, isValid, submitForm }) => (
        <Dialog
          title={
            mode === 'add'
              ? intl.formatMessage({ id: 'toolbars.dialog.add_title' })
              : intl.formatMessage({ id: 'toolbars.dialog.edit_title' })
          }
          onClose={onClose}
          size="small"
          footer={
            <>
              <button type="button" className="button" onClick={onClose}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </button>
              <button type="button" className="button button-primary" disabled={!isValid} onClick={() => void submitForm()}>
                {intl.formatMessage({ id: 'common.ok' })}
              </button>
            </>
          }
        >
          <Form className="form toolbar-item-form" noValidate>
            {mode === 'add' && <SelectField name="type" label={intl.formatMessage({ id: 'toolbars.dialog.type' })} options={typeOptions} />}
            {values.type === 'feature' &&
              (features.length > 0 ? (
                <SelectField
                  name="feature"
                  label={intl.formatMessage({ id: 'toolbars.dialog.feature' })}
                  options={features}
                  placeholder={intl.formatMessage({ id: 'common.select' })}
                />
              ) : (
                <p className="muted">{intl.formatMessage({ id: 'toolbars.dialog.no_features' })}</p>
              ))}
            {values.type === 'folder' && (
              <TextField
                name="label"
                label={intl.formatMessage({ id: 'toolbars.dialog.name' })}
                maxLength={TOOLBAR_FOLDER_NAME_MAX_LENGTH}
                autoComplete="off"
              />
            )}
            <SelectField name="position" label={intl.formatMessage({ id: 'toolbars.dialog.position' })} options={positionOptions} />
            {values.type !== 'folder' && folders.length > 0 && (
              <SelectField name="folder" label={intl.formatMessage({ id: 'toolbars.dialog.folder' })} options={folderOptions} />
            )}
            {/* Enter in a field submits like OK. */}
            <button type="submit" hidden disabled={!isValid} />
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
