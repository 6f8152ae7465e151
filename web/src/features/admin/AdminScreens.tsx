import { useMemo } from 'react';
import { t } from '../../lib/i18n';
import { staffClient } from '../../lib/rest/staff';
import { staffApi } from '../../lib/staff/staffApi';
import { ApiContext } from './components/useApi';
import type { AdminData } from './components/AdminFrame';
import { adminScreen, type AdminScreen } from './model/routes';
import { Dashboard } from './screens/Dashboard';
import { ImportExport } from './screens/ImportExport';
import { OrderDetail } from './screens/OrderDetail';
import { Orders } from './screens/Orders';
import { ProductEditor } from './screens/product/ProductEditor';
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

/** The admin's screens, chosen by path (each screen is its own page load). */
export default function AdminScreens({ path, admin }: { path: string; admin: AdminData }) {
  const api = useMemo(() => staffApi(staffClient(admin.nonce)), [admin.nonce]);
  const body = screenFor(adminScreen(path), admin);
  return <ApiContext.Provider value={api}>{body}</ApiContext.Provider>;
}

/** The screen an admin address names. */
function screenFor(screen: AdminScreen, admin: AdminData) {
  switch (screen.screen) {
    case 'dashboard':
      return <Dashboard />;
    case 'orders':
      return <Orders />;
    case 'order':
      return <OrderDetail id={screen.id} />;
    case 'products':
      return <Products />;
    case 'product':
      return <ProductEditor id={screen.id} />;
    case 'import':
      return <ImportExport nonce={admin.nonce} />;
    case 'reviews':
      return <Reviews />;
    case 'customers':
      return <Customers />;
    case 'coupons':
      return <Coupons />;
    case 'invoices':
      return <Invoices />;
    case 'customer':
      return <CustomerDetail id={screen.id} countries={admin.countries} postcodes={admin.postcodes} />;
    case 'media':
      return <MediaLibrary />;
    case 'categories':
      return <Categories />;
    case 'pages':
      return <Pages />;
    case 'settings':
      return <Settings allCountries={admin.allCountries} />;
    case 'menus':
      return <Menus />;
    case 'unknown':
      return <h1>{t('Page not found')}</h1>;
  }
}
