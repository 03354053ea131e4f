import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../../components/ui/button';
import { useShopCertifications } from './api';
import { ExpiringWidget } from './expiring-widget';
import { MasterCounts } from './shop-certifications-page';

/** The manager dashboard's certifications card: Masters and at risk, the shop's expiring widget, the manager. */
export function ShopCertificationsCard() {
  const query = useShopCertifications(null);
  if (!query.data) return null;
  return (
    <div className="space-y-3">
      <MasterCounts masters={query.data.masters} />
      <ExpiringWidget items={query.data.expiring} />
      <ButtonLink to="/manager/certifications" variant="secondary" className="min-h-11">
        <FormattedMessage id="certifications.shop.open" />
      </ButtonLink>
    </div>
  );
}
