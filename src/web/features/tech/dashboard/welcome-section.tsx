import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../../app/auth-context';

/** The greeting ("Welcome" on a first visit, "Welcome back" after), the shop and a pending shop request. */
export function WelcomeSection({ firstVisit }: { firstVisit: boolean }) {
  const { me } = useAuth();
  const name = me?.user.fullName.split(' ')[0] ?? '';
  return (
    <section>
      <h1 className="text-2xl font-bold">
        <FormattedMessage id={firstVisit ? 'tech.welcome.first' : 'tech.welcome.back'} values={{ name }} />
      </h1>
      {me?.user.pendingShopRequest && (
        <p className="mt-2 text-sm text-slate-700">
          {/* The shop's name, as the invite link named it; its code only for a request without one. */}
          <FormattedMessage
            id="tech.welcome.pendingShop"
            values={{ shop: me.user.pendingShopRequest.shopName ?? me.user.pendingShopRequest.requestedShopCode }}
          />
        </p>
      )}
      {me?.user.shop && (
        <p className="mt-1 text-sm text-slate-700">
          <FormattedMessage id="tech.welcome.shop" values={{ name: me.user.shop.name }} />
        </p>
      )}
    </section>
  );
}
