import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { useLocaleStore } from './i18n/locale.store';
import { loadDictionary } from './i18n/translate';
import './styles/base.css';

async function start() {
  const locale = useLocaleStore.getState().locale;
  await loadDictionary(locale);
  document.documentElement.lang = locale;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
