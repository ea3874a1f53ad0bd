import { useId, useRef, useState, type FormEvent } from 'react';
import { Icon } from '../layout/icons';
import { adminMessageOf } from '../lib/api';
import { useAdminT } from '../lib/i18n';
import { useStaffSession } from '../session/session.store';
import {
  CsvRowsRejected,
  downloadCsv,
  importCsv,
  type CsvKind,
  type CsvRowProblem,
  type SpotImportResult,
} from './catalogue.api';
import './catalogue.css';

type Outcome =
  | { kind: 'ok'; result: SpotImportResult }
  | { kind: 'rows'; message: string; rows: CsvRowProblem[] }
  | { kind: 'error'; message: string }
  | null;

/**
 * CSV export, template and import for spots or coupons (issue 6): downloads as the signed-in
 * staff member; the import (admins) sends the file and shows either what was created,
 * updated and left unchanged, or every bad row (nothing imported).
 */
export function CsvPanel({ kind, onImported }: { kind: CsvKind; onImported?: () => void }) {
  const t = useAdminT();
  const role = useStaffSession((s) => s.user?.role);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'import' | 'export' | 'template' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [open, setOpen] = useState(false);

  const download = async (what: 'export' | 'template') => {
    setBusy(what);
    try {
      await downloadCsv(kind, what);
    } catch (err) {
      setOutcome({ kind: 'error', message: adminMessageOf(err) });
    } finally {
      setBusy(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setOutcome({ kind: 'error', message: t('csv.chooseFirst') });
      return;
    }
    setBusy('import');
    setOutcome(null);
    try {
      const result = await importCsv(kind, file);
      setOutcome({ kind: 'ok', result });
      setFile(null);
      if (input.current) input.current.value = '';
      onImported?.();
    } catch (err) {
      if (err instanceof CsvRowsRejected) setOutcome({ kind: 'rows', message: err.message, rows: err.rows });
      else setOutcome({ kind: 'error', message: adminMessageOf(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="adm-card adm-csv" aria-labelledby={`${id}-h`} data-testid={`csv-${kind}`}>
      <div className="adm-csv__bar">
        <h2 className="adm-csv__title" id={`${id}-h`}>
          <Icon name="upload" size={18} />
          {t(kind === 'spots' ? 'csv.titleSpots' : 'csv.titleCoupons')}
        </h2>
        <div className="adm-csv__actions">
          <button
            type="button"
            className="adm-btn adm-btn--ghost adm-btn--sm"
            onClick={() => void download('export')}
            disabled={busy !== null}
          >
            {t('csv.export')}
          </button>
          <button
            type="button"
            className="adm-btn adm-btn--ghost adm-btn--sm"
            onClick={() => void download('template')}
            disabled={busy !== null}
          >
            {t('csv.template')}
          </button>
          {role === 'admin' && (
            <button
              type="button"
              className="adm-btn adm-btn--ghost adm-btn--sm"
              aria-expanded={open}
              aria-controls={`${id}-form`}
              onClick={() => setOpen((o) => !o)}
            >
              {t('csv.import')}
            </button>
          )}
        </div>
      </div>
      {open && role === 'admin' && (
        <form id={`${id}-form`} className="adm-csv__form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="adm-field">
            <label className="adm-field__label" htmlFor={`${id}-file`}>
              {t('csv.file')}
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="adm-input adm-input--file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setOutcome(null);
              }}
            />
            <p className="adm-field__hint">{t('csv.hint')}</p>
          </div>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={busy !== null}>
            {busy === 'import' && <span className="adm-spinner adm-spinner--sm" aria-hidden="true" />}
            {busy === 'import' ? t('csv.importing') : t('csv.submit')}
          </button>
        </form>
      )}
      {outcome?.kind === 'ok' && (
        <div className="adm-alert adm-alert--ok" role="status" data-testid="csv-result">
          <Icon name="check" size={20} />
          <span>
            {t('csv.done', {
              created: outcome.result.created,
              updated: outcome.result.updated,
              unchanged: outcome.result.unchanged,
              total: outcome.result.total,
            })}
          </span>
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div className="adm-alert adm-alert--error" role="alert">
          <Icon name="alert" size={20} />
          <span>{outcome.message}</span>
        </div>
      )}
      {outcome?.kind === 'rows' && (
        <div className="adm-csv__rows" role="alert" data-testid="csv-errors">
          <div className="adm-alert adm-alert--error">
            <Icon name="alert" size={20} />
            <span>{outcome.message || t('csv.rejected')}</span>
          </div>
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--compact">
              <thead>
                <tr>
                  <th scope="col">{t('csv.colRow')}</th>
                  <th scope="col">{t('csv.colColumn')}</th>
                  <th scope="col">{t('csv.colMessage')}</th>
                </tr>
              </thead>
              <tbody>
                {outcome.rows.slice(0, 200).map((r, i) => (
                  <tr key={`${r.row}-${r.column}-${i}`}>
                    <td className="adm-table__nowrap">{t('csv.rowN', { row: r.row })}</td>
                    <td>
                      <code>{r.column}</code>
                    </td>
                    <td>{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {outcome.rows.length > 200 && (
            <p className="adm-field__hint">{t('csv.more', { count: outcome.rows.length - 200 })}</p>
          )}
        </div>
      )}
    </section>
  );
}
