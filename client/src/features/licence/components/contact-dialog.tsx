/**
 * The contact dialog (spec 1 §2 "Dialogs"; from the profile menu, the mobile menu and the licence
 * alert): whom to ask for support — the distributor named in the site's licence, else the site's
 * own administrator (an open-source install may have no distributor).
 */
import { FormattedMessage } from 'react-intl';
import { PRODUCT_NAME } from '@pacs/common';
import { Dialog } from '../../../components/dialog.tsx';
import { useServiceInfo } from '../api/get-service-info.ts';
import { DistributorTable } from './licence-screen.tsx';
import '../licence.css';

export function ContactDialog({ onClose }: { onClose: () => void }) {
  const { data, isPending } = useServiceInfo();
  const status = data?.LicenseStatus;
  const named = status && !status.IsEmpty && Object.values(status.Distributor).some((value) => value.trim() !== '');
  return (
    <Dialog title={<FormattedMessage id="dialogs.contact.title" />} onClose={onClose} size="small">
      {isPending ? (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : named ? (
        <>
          <p>
            <FormattedMessage id="dialogs.contact.distributor" values={{ product: PRODUCT_NAME }} />
          </p>
          <DistributorTable status={status} />
        </>
      ) : (
        <p>
          <FormattedMessage id="dialogs.contact.administrator" values={{ product: PRODUCT_NAME }} />
        </p>
      )}
    </Dialog>
  );
}
