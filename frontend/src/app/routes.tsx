import { lazy, useEffect, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { withLaterRecipes } from '../shared/theme/system';
import { ComingSoon } from '../shared/ui/ComingSoon';
import { ErrorBoundary } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import NotFoundPage from './NotFoundPage';

type PageModule = { default: ComponentType };

/** A built page: its own chunk, loaded when the route is first visited, with the later recipes (shared/theme/system.ts). */
const page = (load: () => Promise<PageModule>): ComponentType => firstScreenPage(withLaterRecipes(load));

/**
 * A page that renders only the first screens' recipes (system.test.ts checks it): it does not wait for
 * the later ones, which are then no part of its first load (ADR 009).
 */
function firstScreenPage(load: () => Promise<PageModule>): ComponentType {
  const Lazy = lazy(load);
  const Page = () => (
    <>
      <Lazy />
      <PageReady />
    </>
  );
  return Page;
}

/**
 * Marks `<html data-page-ready="<path>">` once the page's own chunk has rendered and hydrated (its effects run
 * only then): until that moment a server-rendered page shows controls that do not answer yet, so
 * browser journeys wait for it (e2e/harness.ts `waitForPage`).
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = window.location.pathname;
  });
  return null;
}

/**
 * Pages not built yet: their title (and a line on what they will do) under '준비 중'. When a
 * feature lands, move its row to `BUILT` as `page(() => import('../features/<x>/<X>Page'))`.
 */
export const COMING_SOON: { path: string; title: string; description?: string }[] = [
];

/** Built pages, each its own chunk. */
const BUILT: { path: string; Page: ComponentType }[] = [
  { path: '/customer-support', Page: page(() => import('../features/support/CustomerSupportPage')) },
  { path: '/admin-knowledge-base', Page: page(() => import('../features/knowledge-base/AdminKnowledgeBasePage')) },
  { path: '/admin/chatbot', Page: page(() => import('../features/chatbot-admin/ChatbotAdminPage')) },
  { path: '/admin-image-collection', Page: page(() => import('../features/image-collection/ImageCollectionPage')) },
  { path: '/admin-selling-policies', Page: page(() => import('../features/selling-policies/SellingPoliciesPage')) },
  { path: '/admin-support', Page: page(() => import('../features/support-console/SupportConsolePage')) },
  { path: '/', Page: firstScreenPage(() => import('../features/home/HomePage')) },
  { path: '/landing', Page: page(() => import('../features/landing/LandingPage')) },
  { path: '/brands', Page: page(() => import('../features/brands/BrandsPage')) },
  { path: '/brand/:brand', Page: page(() => import('../features/brands/BrandPage')) },
  { path: '/product/:id', Page: page(() => import('../features/product/ProductPage')) },
  { path: '/category/:id', Page: page(() => import('../features/category/CategoryPage')) },
  { path: '/search', Page: page(() => import('../features/search/SearchResultsPage')) },
  { path: '/cart', Page: page(() => import('../features/cart/CartPage')) },
  { path: '/checkout', Page: page(() => import('../features/orders/CheckoutPage')) },
  { path: '/orders', Page: page(() => import('../features/orders/OrdersPage')) },
  { path: '/orders/:id', Page: page(() => import('../features/orders/OrderDetailPage')) },
  { path: '/orders/:id/contract', Page: page(() => import('../features/orders/ContractPage')) },
  { path: '/matching', Page: page(() => import('../features/quotes/MatchingPage')) },
  { path: '/quotes', Page: page(() => import('../features/quotes/QuotesPage')) },
  { path: '/quotes/:id', Page: page(() => import('../features/quotes/QuoteDetailPage')) },
  { path: '/admin/quotes', Page: page(() => import('../features/quotes/AdminQuotesPage')) },
  { path: '/my-shopping', Page: page(() => import('../features/orders/MyShoppingPage')) },
  { path: '/me/alerts', Page: page(() => import('../features/price-alerts/PriceAlertsPage')) },
  { path: '/compare', Page: page(() => import('../features/compare/ComparePage')) },
  { path: '/my-shopping/addresses', Page: page(() => import('../features/addresses/AddressBookPage')) },
  { path: '/sell', Page: page(() => import('../features/sell/SellPage')) },
  { path: '/sell/orders', Page: page(() => import('../features/sell/SellOrdersPage')) },
  { path: '/sell/orders/:id', Page: page(() => import('../features/sell/SellOrderDetailPage')) },
  { path: '/admin/orders', Page: page(() => import('../features/orders/AdminOrdersPage')) },
  { path: '/notifications', Page: page(() => import('../features/notifications/NotificationsPage')) },
  { path: '/price-calculator', Page: page(() => import('../features/price-calculator/PriceCalculatorPage')) },
  { path: '/deposit-simulator', Page: page(() => import('../features/deposit-simulator/DepositSimulatorPage')) },
  { path: '/login', Page: page(() => import('../features/auth/LoginPage')) },
  { path: '/register', Page: page(() => import('../features/auth/RegisterPage')) },
  { path: '/seller-application', Page: page(() => import('../features/seller-application/SellerApplicationPage')) },
  { path: '/seller-dashboard', Page: page(() => import('../features/seller-dashboard/SellerDashboardPage')) },
  { path: '/my-store', Page: page(() => import('../features/my-store/MyStorePage')) },
  { path: '/store/:id', Page: page(() => import('../features/store/StorePage')) },
  { path: '/add-product', Page: page(() => import('../features/seller-dashboard/AddProductPage')) },
  { path: '/sales', Page: page(() => import('../features/orders/SalesPage')) },
  { path: '/shipping', Page: page(() => import('../features/orders/ShippingPage')) },
  { path: '/admin', Page: page(() => import('../features/admin/AdminPage')) },
  { path: '/admin/sellers', Page: page(() => import('../features/admin/AdminSellersPage')) },
  { path: '/admin/users', Page: page(() => import('../features/admin/AdminUsersPage')) },
  { path: '/admin/settings', Page: page(() => import('../features/admin/AdminSettingsPage')) },
  { path: '/admin/processes', Page: page(() => import('../features/admin/AdminProcessesPage')) },
  { path: '/admin/reports', Page: page(() => import('../features/admin/AdminReportsPage')) },
  { path: '/reviews', Page: page(() => import('../features/reviews/ReviewsPage')) },
  { path: '/terms', Page: page(() => import('../features/policies/TermsPage')) },
  { path: '/privacy', Page: page(() => import('../features/policies/PrivacyPage')) },
  { path: '/refund-policy', Page: page(() => import('../features/policies/RefundPolicyPage')) },
];

function comingSoonPage({ title, description }: { title: string; description?: string }): ComponentType {
  const ComingSoonPage = () => <ComingSoon title={title} description={description} />;
  ComingSoonPage.displayName = `ComingSoon(${title})`;
  return ComingSoonPage;
}

/** Every route of both spec documents. */
export const PAGE_ROUTES: { path: string; Page: ComponentType }[] = [
  ...BUILT,
  ...COMING_SOON.map((row) => ({ path: row.path, Page: comingSoonPage(row) })),
];

export const routes: RouteObject[] = [
  {
    // An error outside the page's own boundary (in the layout) still shows the error screen.
    element: <ErrorBoundary><AppLayout /></ErrorBoundary>,
    children: [
      ...PAGE_ROUTES.map(({ path, Page }) => ({ path, element: <Page /> })),
      // Marked ready too: a journey (e2e/words) waited out its 5 s fallback on every unknown path.
      { path: '*', element: <><NotFoundPage /><PageReady /></> },
    ],
  },
];
