/** about/overview: the product information table (`GET /product/info`). */
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../../lib/format.ts';
import { useProductInfo } from '../api/get-product-info.ts';
import { PageHeader } from '../../../components/page-header.tsx';

export function AboutOverview() {
  const intl = useIntl();
  const info = useProductInfo();
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="about.title" />} />
      <div className="card">
        {info.data ? (
          <table className="table table-definition">
            <tbody>
              <tr>
                <th scope="row">
                  <FormattedMessage id="about.name" />
                </th>
                <td>{info.data.Name}</td>
              </tr>
              <tr>
                <th scope="row">
                  <FormattedMessage id="about.version" />
                </th>
                <td className="mono">{info.data.Version}</td>
              </tr>
              <tr>
                <th scope="row">
                  <FormattedMessage id="about.release_date" />
                </th>
                <td>{formatDate(info.data.ReleaseDate, intl.locale)}</td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </p>
        )}
      </div>
    </div>
  );
}
