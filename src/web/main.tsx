// First, before any module can build a schema (see the file).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { switchLocale } from './i18n/catalogue-store';
import { initialLocale } from './i18n/locale-preference';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const locale = initialLocale();
document.documentElement.lang = locale;
await switchLocale(locale);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
