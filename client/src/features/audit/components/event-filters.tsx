/** The audit log's search: days, account, action, patient or study, address. Checked by common's rules. */
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { AUDIT_ACTIONS, parseAuditQuery, type AuditQuery } from '@pacs/common';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { ACTION_LABELS } from './action-labels.ts';

export interface FilterValues {
  From: string;
  To: string;
  Account: string;
  Action: string;
  Subject: string;
  IPAddress: string;
}

export const EMPTY_FILTERS: FilterValues = { From: '', To: '', Account: '', Action: '', Subject: '', IPAddress: '' };

export function EventFilters({ onSearch }: { onSearch: (query: Omit<AuditQuery, 'Limit' | 'Offset'>) => void }) {
  const intl = useIntl();
  const actions = AUDIT_ACTIONS.map((action) => ({ value: action, label: intl.formatMessage(ACTION_LABELS[action]) }));
  return (
    <Formik
      initialValues={EMPTY_FILTERS}
      validate={(values) => parseAuditQuery({ ...values }).problems}
      onSubmit={(values) => {
        const { query } = parseAuditQuery({ ...values });
        const { Limit: _limit, Offset: _offset, ...filters } = query;
        onSearch(filters);
      }}
    >
      {({ resetForm }) => (
        <Form className="form audit-filters" noValidate aria-label={intl.formatMessage({ id: 'admin.log.filters' })}>
          <div className="audit-filter-grid">
            <TextField name="From" type="date" label={<FormattedMessage id="admin.log.from" />} />
            <TextField name="To" type="date" label={<FormattedMessage id="admin.log.to" />} />
            <TextField name="Account" label={<FormattedMessage id="admin.log.account" />} autoComplete="off" />
            <SelectField
              name="Action"
              label={intl.formatMessage({ id: 'admin.log.action_label' })}
              options={actions}
              placeholder={intl.formatMessage({ id: 'admin.log.any_action' })}
            />
            <TextField name="Subject" label={<FormattedMessage id="admin.log.subject" />} autoComplete="off" />
            <TextField name="IPAddress" label={<FormattedMessage id="admin.log.ip_address" />} autoComplete="off" />
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              <FormattedMessage id="admin.log.search" />
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                resetForm();
                onSearch({});
              }}
            >
              <FormattedMessage id="admin.log.clear" />
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
