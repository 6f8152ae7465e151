import { createContext, useContext, useMemo } from 'react';
import { t } from '../../lib/i18n';
import { staffClient } from '../../lib/rest/staff';
import { staffApi, type StaffApi } from '../../lib/staff/staffApi';
import type { AdminData } from './components/AdminFrame';
import { adminScreen } from './model/routes';
import { Dashboard } from './screens/Dashboard';
import { ImportExport } from './screens/ImportExport';
import { OrderDetail } from './screens/OrderDetail';
import { Orders } from './screens/Orders';
import { ProductEditor } from './screens/ProductEditor';
import { Products } from './screens/Products';
import { Categories } from './screens/Categories';
import { Coupons } from './screens/Coupons';
import { Invoices } from './screens/Invoices';
import { Customers } from './screens/Customers';
import { CustomerDetail } from './screens/CustomerDetail';
import { MediaLibrary } from './screens/MediaLibrary';
import { Menus } from './screens/Menus';
import { Pages } from './screens/Pages';
import { Reviews } from './screens/Reviews';
import { Settings } from './screens/Settings';
import './admin.css';

const ApiContext = createContext<StaffApi | null>(null);

/** The typed REST client of the admin screens (cookie + nonce, refreshed when it expires). */
export function useApi(): StaffApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside the admin');
  return api;
}

/** The admin's screens, chosen by path (each screen is its own page load). */
export default function AdminScreens({ path, admin }: { path: string; admin: AdminData }) {
  const api = useMemo(() => staffApi(staffClient(admin.nonce)), [admin.nonce]);
  const screen = adminScreen(path);
  let body;
  switch (screen.screen) {
    case 'dashboard':
      body = <Dashboard />;
      break;
    case 'orders':
      body = <Orders />;
      break;
    case 'order':
      body = <OrderDetail id={screen.id} />;
      break;
    case 'products':
      body = <Products />;
      break;
    case 'product':
      body = <ProductEditor id={screen.id} />;
      break;
    case 'import':
      body = <ImportExport nonce={admin.nonce} />;
      break;
    case 'reviews':
      body = <Reviews />;
      break;
    case 'customers':
      body = <Customers />;
      break;
    case 'coupons':
      body = <Coupons />;
      break;
    case 'invoices':
      body = <Invoices />;
      break;
    case 'customer':
      body = <CustomerDetail id={screen.id} countries={admin.countries} />;
      break;
    case 'media':
      body = <MediaLibrary />;
      break;
    case 'categories':
      body = <Categories />;
      break;
    case 'pages':
      body = <Pages />;
      break;
    case 'settings':
      body = <Settings countries={admin.countries} />;
      break;
    case 'menus':
      body = <Menus />;
      break;
    case 'unknown':
      body = <h1>{t('Page not found')}</h1>;
      break;
  }
  return <ApiContext.Provider value={api}>{body}</ApiContext.Provider>;
}
