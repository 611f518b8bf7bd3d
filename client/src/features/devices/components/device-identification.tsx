/**
 * The medical-device editions' rows of the product information (spec 3 §2): class, common and
 * sales names, certification number, serial number, device identifier numbers, and the UDI as a
 * GS1 DataMatrix with its human-readable text under it, as on the device's label.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { udiText, type MedicalDeviceNumbers } from '@pacs/common';
import { mdBarcodeUrl } from '../api/get-md-numbers.ts';
import { DefinitionRow } from '../../../components/definition-table.tsx';
import '../devices.css';

const ROWS = [
  ['Class', { id: 'about.md.class' }],
  ['CommonName', { id: 'about.md.common_name' }],
  ['SalesName', { id: 'about.md.sales_name' }],
  ['CertificationNumber', { id: 'about.md.certification_number' }],
  ['SerialNumber', { id: 'about.md.serial_number' }],
] as const;

export function DeviceIdentificationRows({ numbers }: { numbers: MedicalDeviceNumbers }) {
  const intl = useIntl();
  const [first] = numbers.DeviceIdentifiers;
  return (
    <>
      {ROWS.map(([field, label]) => (
        <DefinitionRow key={field} label={intl.formatMessage(label)}>
          {numbers[field]}
        </DefinitionRow>
      ))}
      <DefinitionRow label={<FormattedMessage id="about.md.device_identifiers" />} cellClassName="mono">
        {numbers.DeviceIdentifiers.join(', ')}
      </DefinitionRow>
      {first && (
        <DefinitionRow label={<FormattedMessage id="about.md.barcode" />}>
          <figure className="md-barcode">
            <img
              src={mdBarcodeUrl(first)}
              alt={intl.formatMessage({ id: 'about.md.barcode_alt' }, { udi: udiText(first, numbers.SerialNumber) })}
            />
            <figcaption className="mono">{udiText(first, numbers.SerialNumber)}</figcaption>
          </figure>
        </DefinitionRow>
      )}
    </>
  );
}
