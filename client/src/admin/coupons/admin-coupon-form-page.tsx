import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { AREAS, PURPOSES, type Area, type Locale, type Purpose } from '@contracts/common';
import { Icon } from '../layout/icons';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { formatDateTime, formatNumber } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminHref, adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { PageLoadError } from '../pages/page-load-error';
import { DateRangeFields } from '../shared/date-range-fields';
import { useLeaveGuard } from '../shared/leave-guard';
import { SaveBar } from '../shared/save-bar';
import { PageLoading } from '../pages/page-loading';
import { EntityAudit } from '../shared/entity-audit';
import { readCouponDraft, removeCouponDraft, writeCouponDraft } from './coupon-draft';
import {
  emptyCoupon,
  FIELD_ORDER,
  formFieldOf,
  fromCoupon,
  MAX_POINTS,
  sameValue,
  todayJst,
  toInput,
  validate,
  type CouponFormValue,
  type FieldErrors,
} from './admin-coupon-form-model';
import {
  createCoupon,
  deleteCoupon,
  getCoupon,
  linePointStats,
  updateCoupon,
  uploadCouponImages,
  type AdminCoupon,
  type CouponImage,
} from './coupons.api';
import { ImagesCard } from './images-card';
import { SpotsPicker } from './spots-picker';
import { StatusBadge } from './status-badge';
import { TagsInput } from './tags-input';
import { TextsCard } from './texts-card';
import './coupons.css';

type Draft = { savedAt: string; value: CouponFormValue };
type Flash = 'created' | 'saved' | 'createdImagesFailed';

/** `coupon/regist/` and `coupon/{id}/` (issue 6): create or edit one coupon. */
export function CouponFormPage() {
  const t = useAdminT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useLoad<AdminCoupon | null>(
    (signal) => (id === undefined ? Promise.resolve(null) : getCoupon(id, signal)),
    [id],
  );
  const title = id === undefined ? t('pages.couponNew') : t('pages.coupon');

  if (loaded.status === 'loading' && !loaded.data) return <PageLoading />;
  if (loaded.status === 'error')
    return <PageLoadError title={title} error={loaded.error} onRetry={loaded.reload} listHref={adminPaths.index()} />;
  return <CouponForm key={id ?? 'new'} coupon={loaded.data ?? null} title={title} />;
}

function CouponForm({ coupon, title }: { coupon: AdminCoupon | null; title: string }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { flash?: Flash } | null;
  const draftKey = coupon ? String(coupon.id) : 'new';
  const ids = { area: useId(), purpose: useId(), genre: useId(), points: useId(), published: useId() };

  const [baseline, setBaseline] = useState<CouponFormValue>(() =>
    coupon ? fromCoupon(coupon) : emptyCoupon(todayJst()),
  );
  const [value, setValue] = useState<CouponFormValue>(baseline);
  const [stored, setStored] = useState<AdminCoupon | null>(coupon);
  const [images, setImages] = useState<CouponImage[]>(coupon?.images ?? []);
  const [queued, setQueued] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash | null>(state?.flash ?? null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [textLocale, setTextLocale] = useState<Locale>('ja');
  const [draft, setDraft] = useState<Draft | null>(() => {
    const kept = readCouponDraft<Draft>(draftKey);
    return kept && !sameValue(kept.value, baseline) ? kept : null;
  });
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !sameValue(value, baseline);
  const allowLeave = useLeaveGuard(dirty, t('couponForm.leaveConfirm'));
  const points = useLoad(
    (signal) => (stored ? linePointStats(stored.id, signal) : Promise.resolve(null)),
    [stored?.id, round],
  );

  // Keep unsaved edits (spec 2's "stored coupon value"; logout clears it).
  useEffect(() => {
    if (draft) return;
    if (!dirty) return removeCouponDraft(draftKey);
    const timer = setTimeout(
      () => writeCouponDraft(draftKey, { savedAt: new Date().toISOString(), value } satisfies Draft),
      400,
    );
    return () => clearTimeout(timer);
  }, [value, dirty, draft, draftKey]);

  // A flash from the page before (created) shows once.
  useEffect(() => {
    if (state?.flash) navigate(location.pathname + location.search, { replace: true, state: null });
  }, [state, navigate, location.pathname, location.search]);

  const set = <K extends keyof CouponFormValue>(key: K, v: CouponFormValue[K]) => {
    setValue((prev) => ({ ...prev, [key]: v }));
    setFlash(null);
    if (errors[key as string] || (key === 'spots' && errors.spotIds))
      setErrors(({ [key === 'spots' ? 'spotIds' : (key as string)]: _gone, ...rest }) => rest);
  };

  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]) ?? Object.keys(found)[0];
    if (!first) return;
    const [field, l] = first.split('.');
    if (l && (field === 'title' || field === 'discount' || field === 'description')) setTextLocale(l as Locale);
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(
        `[name="${first}"], [data-field="${first}"], [name="${field}"]`,
      );
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const found = validate(value, t);
    setErrors(found);
    setFlash(null);
    if (Object.keys(found).length) {
      setAlert(t('couponForm.errors.summary', { count: Object.keys(found).length }));
      focusFirst(found);
      return;
    }
    setAlert(null);
    setSaving(true);
    try {
      if (!stored) {
        const created = await createCoupon(toInput(value));
        removeCouponDraft('new');
        let imagesFailed = false;
        if (queued.length) {
          setProgress(0);
          try {
            await uploadCouponImages(created.id, queued, setProgress);
          } catch {
            imagesFailed = true;
          }
        }
        allowLeave();
        navigate(adminPaths.coupon(created.id), {
          replace: true,
          state: { flash: imagesFailed ? 'createdImagesFailed' : 'created' },
        });
        return;
      }
      const saved = await updateCoupon(stored.id, toInput(value));
      removeCouponDraft(draftKey);
      const next = fromCoupon(saved);
      setStored(saved);
      setImages(saved.images);
      setBaseline(next);
      setValue(next);
      setFlash('saved');
      setRound((r) => r + 1);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      if (err instanceof AdminApiError && Object.keys(err.fields).length) {
        const server: FieldErrors = {};
        for (const [path, message] of Object.entries(err.fields)) server[formFieldOf(path)] ??= message;
        setErrors(server);
        focusFirst(server);
      }
      setAlert(adminMessageOf(err));
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!stored || !window.confirm(t('couponForm.confirmDelete', { title: stored.title.ja }))) return;
    setSaving(true);
    try {
      await deleteCoupon(stored.id);
      removeCouponDraft(draftKey);
      allowLeave();
      navigate(adminPaths.index(), { replace: true, state: { flash: 'deleted' } });
    } catch (err) {
      setAlert(adminMessageOf(err));
      setSaving(false);
    }
  };

  const preview = () => {
    if (dirty) writeCouponDraft(draftKey, { savedAt: new Date().toISOString(), value } satisfies Draft);
    window.open(
      `${adminHref(adminPaths.couponView(stored?.id))}${dirty || !stored ? '?draft=1' : ''}`,
      '_blank',
      'noopener',
    );
  };

  const flashText =
    flash === 'created'
      ? t('couponForm.flash.created')
      : flash === 'saved'
        ? t('couponForm.flash.saved')
        : flash
          ? t('couponForm.flash.createdImagesFailed')
          : null;

  return (
    <div className="adm-page adm-page--form">
      <PageHead
        title={title}
        lead={
          stored ? (
            <span className="adm-form-meta">
              <StatusBadge status={stored.status} />
              <span>{t('couponForm.meta', { id: stored.id, updated: formatDateTime(stored.updatedAt, locale) })}</span>
            </span>
          ) : (
            t('couponForm.newLead')
          )
        }
        actions={
          <>
            <button type="button" className="adm-btn adm-btn--ghost" onClick={preview}>
              <Icon name="phone" size={18} />
              {t('couponForm.preview')}
            </button>
            {stored && (
              <button type="button" className="adm-btn adm-btn--danger" onClick={() => void remove()} disabled={saving}>
                <Icon name="trash" size={18} />
                {t('couponForm.delete')}
              </button>
            )}
          </>
        }
      />

      {draft && (
        <div className="adm-alert adm-alert--warn adm-form-alert" role="status" data-testid="draft-banner">
          <Icon name="alert" size={20} />
          <span>{t('couponForm.draft.found', { time: formatDateTime(draft.savedAt, locale) })}</span>
          <span className="adm-alert__actions">
            <button
              type="button"
              className="adm-btn adm-btn--ghost adm-btn--sm"
              onClick={() => {
                setValue(draft.value);
                setDraft(null);
              }}
            >
              {t('couponForm.draft.restore')}
            </button>
            <button
              type="button"
              className="adm-btn adm-btn--ghost adm-btn--sm"
              onClick={() => {
                removeCouponDraft(draftKey);
                setDraft(null);
              }}
            >
              {t('couponForm.draft.discard')}
            </button>
          </span>
        </div>
      )}
      {flashText && (
        <div
          className={`adm-alert ${flash === 'createdImagesFailed' ? 'adm-alert--warn' : 'adm-alert--ok'} adm-form-alert`}
          role="status"
          data-testid="form-flash"
        >
          <Icon name="check" size={20} />
          <span>{flashText}</span>
        </div>
      )}
      {alert && (
        <div className="adm-alert adm-alert--error adm-form-alert" role="alert" data-testid="form-error">
          <Icon name="alert" size={20} />
          <span>{alert}</span>
        </div>
      )}

      <form ref={formRef} className="adm-coupon-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
        <div className="adm-coupon-form__main">
          <TextsCard
            value={value}
            errors={errors}
            locale={textLocale}
            onLocale={setTextLocale}
            onChange={(f, texts) => set(f, texts)}
          />
          <SpotsPicker value={value.spots} error={errors.spotIds} onChange={(spots) => set('spots', spots)} />
          <section className="adm-card adm-section" aria-labelledby={`${ids.area}-h`}>
            <h2 className="adm-section__title" id={`${ids.area}-h`}>
              {t('couponForm.classification')}
            </h2>
            <div className="adm-grid-2">
              <div className={`adm-field${errors.area ? ' has-error' : ''}`}>
                <label className="adm-field__label" htmlFor={ids.area}>
                  {t('couponForm.fields.area')}
                  <span className="adm-required">{t('couponForm.required')}</span>
                </label>
                <select
                  id={ids.area}
                  name="area"
                  className="adm-select"
                  value={value.area}
                  onChange={(e) => set('area', e.target.value as Area | '')}
                  aria-invalid={errors.area ? true : undefined}
                >
                  <option value="">{t('couponForm.choose')}</option>
                  {AREAS.map((a) => (
                    <option key={a} value={a}>
                      {t(`areas.${a}`)}
                    </option>
                  ))}
                </select>
                {errors.area && <p className="adm-field__error">{errors.area}</p>}
              </div>
              <div className={`adm-field${errors.purpose ? ' has-error' : ''}`}>
                <label className="adm-field__label" htmlFor={ids.purpose}>
                  {t('couponForm.fields.purpose')}
                  <span className="adm-required">{t('couponForm.required')}</span>
                </label>
                <select
                  id={ids.purpose}
                  name="purpose"
                  className="adm-select"
                  value={value.purpose}
                  onChange={(e) => set('purpose', e.target.value as Purpose | '')}
                  aria-invalid={errors.purpose ? true : undefined}
                >
                  <option value="">{t('couponForm.choose')}</option>
                  {PURPOSES.map((p) => (
                    <option key={p} value={p}>
                      {t(`purposes.${p}`)}
                    </option>
                  ))}
                </select>
                {errors.purpose && <p className="adm-field__error">{errors.purpose}</p>}
                {value.purpose === 'lodging' && <p className="adm-field__hint">{t('couponForm.lodgingGold')}</p>}
              </div>
              <div className={`adm-field${errors.genre ? ' has-error' : ''}`}>
                <label className="adm-field__label" htmlFor={ids.genre}>
                  {t('couponForm.fields.genre')}
                </label>
                <input
                  id={ids.genre}
                  name="genre"
                  className="adm-input"
                  value={value.genre}
                  maxLength={100}
                  placeholder={t('couponForm.placeholders.genre')}
                  onChange={(e) => set('genre', e.target.value)}
                />
                {errors.genre && <p className="adm-field__error">{errors.genre}</p>}
              </div>
            </div>
            <TagsInput value={value.tags} error={errors.tags} onChange={(tags) => set('tags', tags)} />
          </section>
          {stored && <EntityAudit entity="coupon" id={stored.id} round={round} />}
        </div>

        <div className="adm-coupon-form__side">
          <section className="adm-card adm-section" aria-labelledby={`${ids.published}-h`}>
            <h2 className="adm-section__title" id={`${ids.published}-h`}>
              {t('couponForm.publication')}
            </h2>
            <label className="adm-switch">
              <input
                id={ids.published}
                name="published"
                type="checkbox"
                role="switch"
                checked={value.published}
                onChange={(e) => set('published', e.target.checked)}
              />
              <span className="adm-switch__track" aria-hidden="true" />
              <span className="adm-switch__label">
                {value.published ? t('couponForm.publishedOn') : t('couponForm.publishedOff')}
              </span>
            </label>
            <p className="adm-field__hint">
              {value.published ? t('couponForm.publishedOnHint') : t('couponForm.publishedOffHint')}
            </p>
            <DateRangeFields
              from={{
                name: 'validFrom',
                label: t('couponForm.fields.validFrom'),
                value: value.validFrom,
                error: errors.validFrom,
                onChange: (v) => set('validFrom', v),
              }}
              to={{
                name: 'validTo',
                label: t('couponForm.fields.validTo'),
                value: value.validTo,
                error: errors.validTo,
                onChange: (v) => set('validTo', v),
              }}
            />
            <p className="adm-field__hint">{t('couponForm.validityHint')}</p>
          </section>

          <section className="adm-card adm-section" aria-labelledby={`${ids.points}-h`}>
            <h2 className="adm-section__title" id={`${ids.points}-h`}>
              {t('couponForm.linePoints')}
            </h2>
            <div className={`adm-field${errors.linePointAmount ? ' has-error' : ''}`}>
              <label className="adm-field__label" htmlFor={ids.points}>
                {t('couponForm.fields.linePointAmount')}
              </label>
              <div className="adm-input-unit">
                <input
                  id={ids.points}
                  name="linePointAmount"
                  className="adm-input"
                  inputMode="numeric"
                  value={value.linePointAmount}
                  onChange={(e) => set('linePointAmount', e.target.value.replace(/[^\d]/g, ''))}
                  aria-invalid={errors.linePointAmount ? true : undefined}
                  max={MAX_POINTS}
                />
                <span className="adm-input-unit__unit">{t('couponForm.pointsUnit')}</span>
              </div>
              {errors.linePointAmount && <p className="adm-field__error">{errors.linePointAmount}</p>}
              {points.data && (
                <p className="adm-field__hint" data-testid="line-points-stats">
                  {t('couponForm.pointsStats', { uses: formatNumber(points.data.redemptions, locale) })}
                </p>
              )}
            </div>
          </section>

          <ImagesCard
            ownerId={stored?.id}
            images={images}
            onImages={setImages}
            queued={queued}
            onQueue={setQueued}
            progress={progress}
          />
        </div>

        <SaveBar
          saving={saving}
          stored={!!stored}
          listHref={adminPaths.index()}
          state={
            saving
              ? progress !== null
                ? t('couponForm.images.uploading')
                : t('couponForm.saving')
              : dirty
                ? t('couponForm.unsaved')
                : ''
          }
        />
      </form>
    </div>
  );
}
