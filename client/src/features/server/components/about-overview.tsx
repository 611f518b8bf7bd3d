/**
 * about/overview: the product information table (`GET /product/info`), and in the medical-device
 * editions the device's identification and UDI barcode (`GET /md/number`, features/devices).
 */
import { observer } from 'mobx-react-lite';
import { FormattedMessage } from 'react-intl';
import { isMedicalDeviceEdition } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { DeviceIdentificationRows, useMdNumbers } from '../../devices/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { useProductInfo } from '../api/get-product-info.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { DefinitionRow, DefinitionTable } from '../../../components/definition-table.tsx';

export const AboutOverview = observer(function AboutOverview() {
  const info = useProductInfo();
  const device = useMdNumbers(isMedicalDeviceEdition(sessionStore.edition));
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="about.title" />} />
      <div className="card">
        {info.data ? (
          <DefinitionTable>
            <DefinitionRow label={<FormattedMessage id="about.name" />}>{info.data.Name}</DefinitionRow>
            <DefinitionRow label={<FormattedMessage id="about.version" />} cellClassName="mono">
              {info.data.Version}
            </DefinitionRow>
            <DefinitionRow label={<FormattedMessage id="about.release_date" />}>{formatDate(info.data.ReleaseDate)}</DefinitionRow>
            {device.data && <DeviceIdentificationRows numbers={device.data} />}
          </DefinitionTable>
        ) : (
          <p className="muted" role="status">
            <FormattedMessage id="common.loading" />
          </p>
        )}
      </div>
    </div>
  );
});
