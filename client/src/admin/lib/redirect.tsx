import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Replaces the current entry with `to` (react-router's <Navigate replace>, written here so
 * the admin app pulls no router export the public bundle does not already carry).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
