// The server bundle renders any page at once: every view is provided up front.
import { View as admin } from './admin';
import { View as cart } from './cart';
import { View as checkout } from './checkout';
import { View as home } from './home';
import { View as order } from './order';
import { View as orderPay } from './orderPay';
import { View as page } from './page';
import { View as product } from './product';
import { provideView } from './registry';
import { View as shop } from './shop';
import { View as withdrawal } from './withdrawal';

provideView('home', home);
provideView('page', page);
provideView('shop', shop);
provideView('category', shop);
provideView('product', product);
provideView('cart', cart);
provideView('checkout', checkout);
provideView('order', order);
provideView('orderPay', orderPay);
provideView('withdrawal', withdrawal);
provideView('admin', admin);
