import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import './app.css';

export function App() {
  // `<html data-app="live">` once the app runs: a server-rendered page (issue 5) is then
  // the app's own, its controls live (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
