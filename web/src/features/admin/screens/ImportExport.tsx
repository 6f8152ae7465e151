import { useRef, useState } from 'react';
import { IMPORT_POLL_MS } from '../../../config/constants';
import { t } from '../../../lib/i18n';
import { useApi } from '../components/useApi';
import { errorMessage } from '../model/errors';
import { TableHead } from '../../../components/TableHead';
import type { ImportJobOut, ImportReportOut } from '../../../generated/wire';
import { CheckField, Field } from '../components/Field';
import { SectionPanel } from '../components/Panel';
import { importUrl, PICTURES_URL } from '../model/catalogue/importRequest';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'pictures'; percent: number }
  | { kind: 'importing'; job: ImportJobOut }
  | { kind: 'finished'; job: ImportJobOut }
  | { kind: 'failed'; message: string };

/** Sends a file to `url` with upload progress (fetch has none), as the REST client would: cookie and nonce; the answer's id. */
function sendFile(url: string, file: File, nonce: string, onProgress: (percent: number) => void): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('X-WP-Nonce', nonce);
    xhr.setRequestHeader('Content-Type', file.name.toLowerCase().endsWith('.zip') ? 'application/zip' : 'text/csv');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new Error(t('You are probably offline.')));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // handled below
      }
      const b = body as { id?: string; message?: string } | null;
      if ((xhr.status === 202 || xhr.status === 201) && b?.id) resolve({ id: b.id });
      else reject(new Error(b?.message ?? t('An unknown error occurred.')));
    };
    xhr.send(file);
  });
}

/** The product CSV importer with a progress bar and a per-row report, and the export in the same format. */
export function ImportExport({ nonce }: { nonce: string }) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const zip = useRef<HTMLInputElement>(null);
  const [download, setDownload] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [fileError, setFileError] = useState('');

  async function start() {
    const file = input.current?.files?.[0];
    if (!file) {
      setFileError(t('Please choose a CSV file.'));
      return;
    }
    setFileError('');
    const send = (url: string, f: File, kind: 'uploading' | 'pictures') =>
      sendFile(url, f, api.nonce() ?? nonce, (percent) => setPhase({ kind, percent }));
    try {
      const archive = zip.current?.files?.[0];
      let pictures: string | null = null;
      if (archive) {
        setPhase({ kind: 'pictures', percent: 0 });
        pictures = (await send(PICTURES_URL, archive, 'pictures')).id;
      }
      setPhase({ kind: 'uploading', percent: 0 });
      const { id } = await send(importUrl(pictures, download), file, 'uploading');
      for (;;) {
        const job = await api.importJob(id);
        if (job.status !== 'running') {
          setPhase(
            job.status === 'done' ? { kind: 'finished', job } : { kind: 'failed', message: job.error ?? t('An unknown error occurred.') },
          );
          return;
        }
        setPhase({ kind: 'importing', job });
        await new Promise((r) => setTimeout(r, IMPORT_POLL_MS));
      }
    } catch (e) {
      setPhase({ kind: 'failed', message: e instanceof Error ? e.message : errorMessage(e) });
    }
  }

  const busy = phase.kind === 'uploading' || phase.kind === 'pictures' || phase.kind === 'importing';
  return (
    <>
      <h1>{t('Import & export')}</h1>
      <SectionPanel heading={t('Import products')}>
        <p>
          {t(
            "A WooCommerce product CSV (English or German column names). Products with a known SKU are updated; pictures are taken from the media library, from the old shop's pictures, or downloaded, by their address.",
          )}
        </p>
        <Field label={t('CSV file')} error={fileError}>
          {(p) => <input {...p} ref={input} type="file" accept=".csv,text/csv" />}
        </Field>
        <Field
          label={t('Pictures of the old shop (optional)')}
          hint={t('A ZIP of its folder wp-content/uploads: pictures the CSV names by their old address are taken from it.')}
        >
          {(p) => <input {...p} ref={zip} type="file" accept=".zip,application/zip" />}
        </Field>
        <CheckField label={t('Download the pictures the ZIP does not have from the old shop')} checked={download} onChange={setDownload} />
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
          {t('Import')}
        </button>
        {phase.kind === 'pictures' && (
          <div className="admin-progress">
            <label htmlFor="import-progress">{t('Uploading the pictures… %d percent', phase.percent)}</label>
            <progress id="import-progress" max={100} value={phase.percent} />
          </div>
        )}
        {phase.kind === 'uploading' && (
          <div className="admin-progress">
            <label htmlFor="import-progress">{t('Uploading the file… %d percent', phase.percent)}</label>
            <progress id="import-progress" max={100} value={phase.percent} />
          </div>
        )}
        {phase.kind === 'importing' && (
          <div className="admin-progress">
            <label htmlFor="import-progress">{t('Importing: %1$d of %2$d rows', phase.job.done, phase.job.total)}</label>
            <progress id="import-progress" max={Math.max(phase.job.total, 1)} value={phase.job.done} />
          </div>
        )}
        {phase.kind === 'failed' && (
          <p className="admin-field__error" role="alert">
            {phase.message}
          </p>
        )}
        {phase.kind === 'finished' && phase.job.report && <Report report={phase.job.report} />}
      </SectionPanel>
      <SectionPanel heading={t('Export products')}>
        <p>{t('All products and variations as a WooCommerce product CSV, ready to import again.')}</p>
        <a
          className="button button--ghost"
          href={`/wp-json/laden/v1/product-export?_wpnonce=${encodeURIComponent(api.nonce() ?? nonce)}`}
          download
        >
          {t('Download CSV')}
        </a>
      </SectionPanel>
    </>
  );
}

function Report({ report }: { report: ImportReportOut }) {
  const rows = [...report.errors.map((e) => ({ ...e, kind: t('Error') })), ...report.warnings.map((w) => ({ ...w, kind: t('Note') }))].sort(
    (a, b) => a.line - b.line,
  );
  return (
    <div className="admin-report" role="status">
      <progress max={1} value={1} aria-label={t('Import finished')} />
      <p>
        <strong>{t('Import finished.')}</strong>{' '}
        {t('%1$d created, %2$d updated, %3$d rows with errors.', report.created, report.updated, report.errors.length)}
      </p>
      {rows.length > 0 && (
        <table className="admin-table">
          <TableHead columns={[t('Line'), t('Kind'), t('Message')]} />
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{r.line}</td>
                <td>{r.kind}</td>
                <td>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
