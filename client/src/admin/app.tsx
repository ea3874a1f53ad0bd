import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginLayout } from './layout/login-layout';
import { AdminLayout } from './layout/admin-layout';
import { adminBasename, adminPattern } from './lib/paths';
import { AdminNotFoundPage } from './pages/notice-page';
import { LoginPage } from './pages/login-page';
import { pageRoutes } from './routes';
import { RequireStaff } from './session/require-staff';

const ROUTES: RouteObject[] = [
  {
    path: adminPattern('login'),
    element: (
      <LoginLayout>
        <LoginPage />
      </LoginLayout>
    ),
  },
  {
    element: (
      <RequireStaff>
        <AdminLayout />
      </RequireStaff>
    ),
    children: [...pageRoutes(), { path: '*', element: <AdminNotFoundPage /> }],
  },
];

function AdminRoutes() {
  return useRoutes(ROUTES);
}

/**
 * The admin area (spec 2): its own app, its own messages, loaded only under /management_admin
 * (unprefixed or under a language prefix, which becomes the router's basename).
 */
export function AdminApp() {
  return (
    <BrowserRouter basename={adminBasename() || undefined}>
      <AdminRoutes />
    </BrowserRouter>
  );
}
