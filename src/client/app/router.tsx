import { type ComponentType, lazy, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '../shared-ui/error-boundary';
import { ChunkLoading } from '../shared-ui/loading';
import { ROUTE_ROLES } from '../shared-ui/route-access';
import { useSession } from '../state/session';
import { RequireAuth, RootRedirect } from './guards';

/*
 * Route-level code splitting: every screen is its own chunk, so /login downloads only the login
 * screen on top of the shell. (The service worker precaches every chunk, so they load offline.)
 */
/**
 * The login screen can be loaded before the first render (main.tsx, when it takes over the first
 * visit's plain-HTML form): then the first commit is the screen itself — a lazy component always
 * shows the fallback once, which would replace the form the user is typing into with a spinner.
 */
let loadedLogin: ComponentType | undefined;
export const loadLoginPage = () =>
  import('../auth/login-page').then((m) => {
    loadedLogin = m.default;
    return m;
  });
const LazyLogin = lazy(loadLoginPage);
function LoginPage() {
  // Chosen once per mount: switching from the lazy wrapper to the module would remount the form.
  const [Screen] = useState<ComponentType>(() => loadedLogin ?? LazyLogin);
  return <Screen />;
}
const AppLayout = lazy(() => import('../layout/app-layout'));
const NotificationsPage = lazy(() => import('../notifications/notifications-page'));
const ProfilePage = lazy(() => import('../profile/profile-page'));
const OrdersPage = lazy(() => import('../orders/orders-page'));
const OrderDetailPage = lazy(() => import('../orders/order-detail-page'));
const MyOrdersPage = lazy(() => import('../orders/my-orders-page'));
const CreateOrderPage = lazy(() => import('../orders/create-order-page'));
const SalesPage = lazy(() => import('../sales/sales-page'));
const DriverDashboardPage = lazy(() => import('../driver/driver-dashboard-page'));
const WarehouseDashboardPage = lazy(() => import('../warehouse/warehouse-dashboard-page'));
const DeliveryNotePage = lazy(() => import('../warehouse/delivery-note-page'));
const LandingDashboardPage = lazy(() => import('../dashboard/dashboard-page'));
const ManagerDashboardPage = lazy(() => import('../dashboard/manager-dashboard-page'));
const CustomersPage = lazy(() => import('../customers/customers-page'));
const ProductManagementPage = lazy(() => import('../products/product-management-page'));
const InventoryPage = lazy(() => import('../inventory/inventory-page'));
const AdminPage = lazy(() => import('../admin/admin-page'));
const SettingsPage = lazy(() => import('../settings/settings-page'));
const ResetPasswordPage = lazy(() => import('../password-reset/reset-password-page'));
const ChangePasswordPage = lazy(() => import('../auth/change-password-page'));

/** Not built yet (later issues): real routes with their guards, rendering a plain "coming soon" page. */
const InvoicesPage = lazy(() => import('../invoices/invoices-page'));
const InvoiceDetailPage = lazy(() => import('../invoices/invoice-detail-page'));
const InvoicePrintPage = lazy(() => import('../invoices/invoice-print-page'));
const TenantManagementPage = lazy(() => import('../tenant-management/tenant-management-page'));
const RegisterCompanyPage = lazy(() => import('../register-company/register-company-page'));

/** /dashboard: the driver's work list for a driver; every other role's dashboard. */
function DashboardPage() {
  const role = useSession((s) => s.user?.role);
  return role === 'driver' ? <DriverDashboardPage /> : <LandingDashboardPage />;
}

function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorBoundary resetKey={location.pathname} onHome={() => navigate('/')}>
      <Suspense fallback={<ChunkLoading />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          {/* A password reset e-mail's link: public, like the login screen. */}
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {/* A user signed in with a one-time password sets their own here: nothing else is open
              to them (no menu; the guards send every other page back here). */}
          <Route path="/change-password" element={<ChangePasswordPage />} />
          {/* A new company's public sign-up. */}
          <Route path="/register-company" element={<RegisterCompanyPage />} />
          <Route path="/salesperson-dashboard" element={<Navigate to="/dashboard" replace />} />
          <Route
            element={
              <RequireAuth>
                <AppLayout />
              </RequireAuth>
            }
          >
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/invoices" element={<InvoicesPage />} />
            <Route path="/invoices/:id" element={<InvoiceDetailPage />} />
            <Route path="/customers" element={<CustomersPage />} />
            <Route path="/orders" element={<OrdersPage />} />
            <Route path="/orders/:id" element={<OrderDetailPage />} />
            <Route path="/my-orders" element={<MyOrdersPage />} />
            <Route path="/create-order" element={<CreateOrderPage />} />
            <Route path="/sales" element={<SalesPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/settings" element={<SettingsPage />} />
            {/* Role-guarded routes: the roles come from one table (route-access.ts), which the
                login screen also reads when it returns a user to the address they asked for. */}
            <Route element={<RequireAuth roles={ROUTE_ROLES['/manager-dashboard']} />}>
              <Route path="/manager-dashboard" element={<ManagerDashboardPage />} />
            </Route>
            <Route element={<RequireAuth roles={ROUTE_ROLES['/warehouse-dashboard']} />}>
              <Route path="/warehouse-dashboard" element={<WarehouseDashboardPage />} />
              <Route path="/inventory" element={<InventoryPage />} />
            </Route>
            <Route element={<RequireAuth roles={ROUTE_ROLES['/admin']} />}>
              <Route path="/admin" element={<AdminPage />} />
              <Route path="/tenant-management" element={<TenantManagementPage />} />
              <Route path="/product-management" element={<ProductManagementPage />} />
            </Route>
          </Route>
          {/* The delivery note printed from the local store (offline): a page of its own, no menu. */}
          <Route
            path="/delivery-notes/:orderId"
            element={
              <RequireAuth>
                <DeliveryNotePage />
              </RequireAuth>
            }
          />
          {/* An invoice printed from the local store (offline): a page of its own, no menu. */}
          <Route
            path="/invoice-print/:id"
            element={
              <RequireAuth>
                <InvoicePrintPage />
              </RequireAuth>
            }
          />
          <Route path="/" element={<RootRedirect />} />
          <Route path="*" element={<RootRedirect />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
