import { useId, useState } from 'react';
import { Icon } from '../layout/icons';
import { adminMessageOf } from '../lib/api';
import { useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import { downloadQrSvg, rotateSpotQr, spotQr } from './catalogue.api';

/**
 * The spot's printable QR code (issue 6): the image from the API, a print button (the print
 * stylesheet prints only this card, large), and a new code after a confirmation when a photo
 * of the printed one has leaked.
 */
export function SpotQrCard({ spotId }: { spotId: number }) {
  const t = useAdminT();
  const hid = useId();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const qr = useLoad((signal) => spotQr(spotId, signal), [spotId, round]);

  const rotate = async () => {
    if (!window.confirm(t('spots.qr.confirmRotate'))) return;
    setBusy(true);
    setMessage(null);
    try {
      await rotateSpotQr(spotId);
      setRound((r) => r + 1);
      setMessage({ ok: true, text: t('spots.qr.rotated') });
    } catch (err) {
      setMessage({ ok: false, text: adminMessageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-card adm-section adm-qr" aria-labelledby={`${hid}-h`} data-testid="spot-qr">
      <h2 className="adm-section__title" id={`${hid}-h`}>
        {t('spots.qr.title')}
      </h2>
      {qr.status === 'loading' && !qr.data && <div className="adm-qr__placeholder" aria-hidden="true" />}
      {qr.status === 'error' && (
        <div className="adm-alert adm-alert--error" role="alert">
          <Icon name="alert" size={20} />
          <span>{qr.error.message}</span>
          <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={qr.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {qr.data && (
        <div className="adm-qr__print">
          <p className="adm-qr__name">{qr.data.name}</p>
          <img
            className="adm-qr__img"
            src={qr.data.dataUrl}
            alt={t('spots.qr.alt', { name: qr.data.name })}
            width="220"
            height="220"
          />
          <p className="adm-qr__code">
            <span>{t('spots.qr.code')}</span>
            <strong data-testid="qr-code">{qr.data.code}</strong>
          </p>
          <p className="adm-qr__help">{t('spots.qr.printHelp')}</p>
          <p className="adm-qr__url">{qr.data.url}</p>
        </div>
      )}
      {message && (
        <p className={message.ok ? 'adm-field__hint' : 'adm-field__error'} role="status">
          {message.text}
        </p>
      )}
      <div className="adm-qr__actions">
        <button type="button" className="adm-btn adm-btn--primary" onClick={() => window.print()} disabled={!qr.data}>
          {t('spots.qr.print')}
        </button>
        <button
          type="button"
          className="adm-btn adm-btn--ghost adm-btn--sm"
          disabled={!qr.data}
          onClick={() =>
            void downloadQrSvg(spotId).catch((err: unknown) => setMessage({ ok: false, text: adminMessageOf(err) }))
          }
        >
          {t('spots.qr.svg')}
        </button>
        <button
          type="button"
          className="adm-btn adm-btn--ghost adm-btn--sm adm-btn--danger-text"
          onClick={() => void rotate()}
          disabled={busy || !qr.data}
        >
          {t('spots.qr.rotate')}
        </button>
      </div>
      <p className="adm-field__hint">{t('spots.qr.rotateHint')}</p>
    </section>
  );
}
