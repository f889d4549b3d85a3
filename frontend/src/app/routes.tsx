import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ComingSoon } from '../shared/ui/ComingSoon';
import { RouteErrorScreen } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import NotFoundPage from './NotFoundPage';

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType>;

const page = (load: () => Promise<PageModule>): Page => lazy(load);

function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * For feature folders whose page is being written elsewhere: uses the folder's `*Page.tsx`
 * (its default export, or an export named `…Page`) once it exists, '준비 중' until then.
 */
function pageFromGlob(modules: Record<string, () => Promise<unknown>>, title: string): Page {
  const placeholder: PageModule = { default: () => <ComingSoon title={title} /> };
  const load = Object.values(modules)[0];
  return lazy(async () => {
    if (!load) return placeholder;
    const mod = (await load()) as Record<string, unknown>;
    if (isComponent(mod.default)) return { default: mod.default };
    const named = Object.entries(mod).find(([name, value]) => name.endsWith('Page') && isComponent(value));
    return named && isComponent(named[1]) ? { default: named[1] } : placeholder;
  });
}

const HomePage = page(() => import('../features/home/HomePage'));
const LandingPage = page(() => import('../features/landing/LandingPage'));
const MatchingPage = page(() => import('../features/matching/MatchingPage'));
const BrandsPage = page(() => import('../features/brands/BrandsPage'));
const BrandPage = page(() => import('../features/brands/BrandPage'));
const ProductPage = page(() => import('../features/product/ProductPage'));
const CategoryPage = page(() => import('../features/category/CategoryPage'));
const MyShoppingPage = page(() => import('../features/my-shopping/MyShoppingPage'));
const CartPage = page(() => import('../features/cart/CartPage'));
const OrdersPage = page(() => import('../features/orders/OrdersPage'));
const NotificationsPage = page(() => import('../features/notifications/NotificationsPage'));
const PriceCalculatorPage = pageFromGlob(import.meta.glob('../features/price-calculator/*Page.tsx'), '가격 계산기');
const DepositSimulatorPage = pageFromGlob(import.meta.glob('../features/deposit-simulator/*Page.tsx'), '예치금 시뮬레이터');
const SellerApplicationPage = page(() => import('../features/seller-application/SellerApplicationPage'));
const SellerDashboardPage = page(() => import('../features/seller/SellerDashboardPage'));
const MyStorePage = page(() => import('../features/seller/MyStorePage'));
const AddProductPage = page(() => import('../features/seller/AddProductPage'));
const SalesPage = page(() => import('../features/seller/SalesPage'));
const ShippingPage = page(() => import('../features/seller/ShippingPage'));
const AdminPage = page(() => import('../features/admin/AdminPage'));
const AdminUsersPage = page(() => import('../features/admin/AdminUsersPage'));
const AdminSellersPage = page(() => import('../features/admin/AdminSellersPage'));
const AdminSettingsPage = page(() => import('../features/admin/AdminSettingsPage'));
const AdminChatbotPage = page(() => import('../features/admin/AdminChatbotPage'));
const KnowledgeBasePage = page(() => import('../features/admin/KnowledgeBasePage'));
const ImageCollectionPage = page(() => import('../features/admin/ImageCollectionPage'));
const SellingPoliciesPage = page(() => import('../features/admin/SellingPoliciesPage'));
const CustomerSupportPage = page(() => import('../features/support/CustomerSupportPage'));
const LoginPage = page(() => import('../features/auth/LoginPage'));
const RegisterPage = page(() => import('../features/auth/RegisterPage'));

/** Every route of both spec documents; each page is its own chunk. */
export const PAGE_ROUTES: { path: string; Page: Page }[] = [
  { path: '/', Page: HomePage },
  { path: '/landing', Page: LandingPage },
  { path: '/matching', Page: MatchingPage },
  { path: '/brands', Page: BrandsPage },
  { path: '/brand/:brand', Page: BrandPage },
  { path: '/product/:id', Page: ProductPage },
  { path: '/category/:id', Page: CategoryPage },
  { path: '/my-shopping', Page: MyShoppingPage },
  { path: '/cart', Page: CartPage },
  { path: '/orders', Page: OrdersPage },
  { path: '/notifications', Page: NotificationsPage },
  { path: '/price-calculator', Page: PriceCalculatorPage },
  { path: '/deposit-simulator', Page: DepositSimulatorPage },
  { path: '/seller-application', Page: SellerApplicationPage },
  { path: '/seller-dashboard', Page: SellerDashboardPage },
  { path: '/my-store', Page: MyStorePage },
  { path: '/add-product', Page: AddProductPage },
  { path: '/sales', Page: SalesPage },
  { path: '/shipping', Page: ShippingPage },
  { path: '/admin', Page: AdminPage },
  { path: '/admin/users', Page: AdminUsersPage },
  { path: '/admin/sellers', Page: AdminSellersPage },
  { path: '/admin/settings', Page: AdminSettingsPage },
  { path: '/admin/chatbot', Page: AdminChatbotPage },
  { path: '/admin-knowledge-base', Page: KnowledgeBasePage },
  { path: '/admin-image-collection', Page: ImageCollectionPage },
  { path: '/admin-selling-policies', Page: SellingPoliciesPage },
  { path: '/customer-support', Page: CustomerSupportPage },
  { path: '/login', Page: LoginPage },
  { path: '/register', Page: RegisterPage },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      ...PAGE_ROUTES.map(({ path, Page }) => ({ path, element: <Page /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
