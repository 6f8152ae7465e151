import { createRoot, hydrateRoot } from 'react-dom/client';
import '../styles.css';
import { App } from './App';
import { parsePageData } from './types';
import { installConsentApi } from '../features/consent/api';

function start(): void {
  // Before anything that asks for consent (analytics, attribution) starts.
  installConsentApi();
  const el = document.getElementById('app');
  const script = document.getElementById('__LADEN_DATA__');
  if (!el || !script?.textContent) return;
  const data = parsePageData(JSON.parse(script.textContent));
  const app = <App data={data} />;
  // The server sends an empty shell when rendering was shed or failed: render here then.
  if (el.firstElementChild) {
    hydrateRoot(el, app, {
      onRecoverableError(error) {
        console.error('hydration', error);
      },
    });
  } else {
    createRoot(el).render(app);
  }
}

start();
