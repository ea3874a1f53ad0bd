import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import './app.css';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
