import { renderToString } from 'react-dom/server';
import { App } from './App';
import { parsePageData } from '../lib/types';
import './views/all';

/** Called by the Rust renderer (QuickJS) with the page data as JSON. */
function renderPage(json: string): string {
  const data = parsePageData(JSON.parse(json));
  return renderToString(<App data={data} />);
}

(globalThis as unknown as { renderPage: typeof renderPage }).renderPage = renderPage;
