import { createRoot, hydrateRoot } from 'react-dom/client';
import '../styles.css';
// Content pages' styles travel with the entry's (inlined into every page's head): the home page
// and content pages then paint without waiting for a stylesheet of their own.
import '../features/page-builder/page-builder.css';
import { App } from './App';
import { parsePageData } from '../lib/types';
import { loadView } from './views/registry';
import { installConsentApi } from '../features/consent/api';

async function start(): Promise<void> {
  // Before anything that asks for consent (analytics, attribution) starts.
  installConsentApi();
  const el = document.getElementById('app');
  const script = document.getElementById('__LADEN_DATA__');
  if (!el || !script?.textContent) return;
  const data = parsePageData(JSON.parse(script.textContent));
  try {
    await loadView(data.route);
  } catch (e) {
    // The server's HTML stays readable; without its code the page is not made interactive.
    console.error('view', e);
    return;
  }
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

void start();
