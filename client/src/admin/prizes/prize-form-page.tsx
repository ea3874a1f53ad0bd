import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { PrizeKind } from '@contracts/prizes';
import { listCampaigns } from '../catalogue/catalogue.api';
import { ImagesCard, type ImageStore } from '../coupons/images-card';
import { Icon } from '../layout/icons';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { useAdminLocale, useAdminT, type AdminT } from '../lib/i18n';
import {
  checkTexts,
  emptyTexts,
  LocaleTextsFields,
  textsBody,
  textsFrom,
  type LocaleTexts,
  type TextFieldSpec,
} from '../lib/locale-texts';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { PageLoadError } from '../pages/page-load-error';
import { PageLoading } from '../pages/page-loading';
import { EntityAudit } from '../shared/entity-audit';
import { useLeaveGuard } from '../shared/leave-guard';
import { SaveBar } from '../shared/save-bar';
import { ApplicationsCard } from './applications-card';
import { PublishedBadge } from './prize-badges';
import {
  deletePrize,
  deletePrizeImages,
  getPrize,
  savePrize,
  uploadPrizeImages,
  type AdminPrize,
  type PrizeBody,
  type PrizeImage,
} from './prizes.api';
import '../coupons/coupons.css';
import './prizes.css';

const TEXTS: readonly TextFieldSpec[] = [
  { name: 'name', label: 'prizes.fields.name', max: 300, required: true, placeholder: 'prizes.placeholders.name' },
  {
    name: 'description',
    label: 'prizes.fields.description',
    max: 4000,
    required: false,
    multiline: true,
    placeholder: 'prizes.placeholders.description',
  },
];
const KINDS = ['exchange', 'lottery'] as const satisfies readonly PrizeKind[];
const PRIZE_IMAGES: ImageStore = { field: 'prizeImage', upload: uploadPrizeImages, remove: deletePrizeImages };
/** The contract's bounds (PrizeInput). */
const MAX = { stampsNeeded: 100_000, stock: 1_000_000, displayOrder: 100_000 } as const;

type Value = {
  name: LocaleTexts;
  description: LocaleTexts;
  campaignId: string;
  kind: PrizeKind;
  stampsNeeded: string;
  stock: string;
  displayOrder: string;
  published: boolean;
};
type Flash = 'created' | 'saved' | 'createdImagesFailed' | 'unpublished';

/** `prize/regist/` and `prize/{id}/` (issue 12, admins only): create or edit a prize of a rally. */
export function PrizeFormPage() {
  const t = useAdminT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useLoad<AdminPrize | null>(
    (signal) => (id === undefined ? Promise.resolve(null) : getPrize(id, signal)),
    [id],
  );
  const title = id === undefined ? t('pages.prizeNew') : t('pages.prize');
  if (loaded.status === 'loading' && !loaded.data) return <PageLoading />;
  if (loaded.status === 'error')
    return (
      <PageLoadError title={title} error={loaded.error} onRetry={loaded.reload} listHref={adminPaths.page('prizes')} />
    );
  return <PrizeForm key={id ?? 'new'} prize={loaded.data ?? null} title={title} />;
}

function fromPrize(p: AdminPrize | null, rally: string): Value {
  if (!p)
    return {
      name: emptyTexts(),
      description: emptyTexts(),
      campaignId: rally,
      kind: 'exchange',
      stampsNeeded: '',
      stock: '',
      displayOrder: '0',
      published: false,
    };
  return {
    name: textsFrom(p.name),
    description: textsFrom(p.description),
    campaignId: String(p.campaignId),
    kind: p.kind,
    stampsNeeded: String(p.stampsNeeded),
    stock: p.stock === null ? '' : String(p.stock),
    displayOrder: String(p.displayOrder),
    published: p.published,
  };
}

/** A whole number within 0..max (min for stamps needed), else the field's message. */
function checkWhole(v: string, min: number, max: number, t: AdminT): string | undefined {
  if (!v.trim()) return t('catalogue.errors.required');
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) return t('prizes.errors.range', { min, max });
  return undefined;
}

function validate(v: Value, t: AdminT): Record<string, string> {
  const out = checkTexts(TEXTS, { name: v.name, description: v.description }, t);
  if (!v.campaignId) out.campaignId = t('prizes.errors.rally');
  const stamps = checkWhole(v.stampsNeeded, 1, MAX.stampsNeeded, t);
  if (stamps) out.stampsNeeded = stamps;
  if (v.kind === 'exchange') {
    const stock = checkWhole(v.stock, 0, MAX.stock, t);
    if (stock) out.stock = stock;
  }
  const order = checkWhole(v.displayOrder, 0, MAX.displayOrder, t);
  if (order) out.displayOrder = order;
  return out;
}

const toBody = (v: Value): PrizeBody => ({
  campaignId: Number(v.campaignId),
  kind: v.kind,
  name: textsBody(v.name),
  description: textsBody(v.description),
  stampsNeeded: Number(v.stampsNeeded),
  stock: v.kind === 'exchange' ? Number(v.stock) : null,
  displayOrder: Number(v.displayOrder),
  published: v.published,
});

function PrizeForm({ prize, title }: { prize: AdminPrize | null; title: string }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = {
    settings: useId(),
    publication: useId(),
    texts: useId(),
    rally: useId(),
    kind: useId(),
    stamps: useId(),
    stock: useId(),
    order: useId(),
  };
  const rallies = useLoad((signal) => listCampaigns(signal), [locale]);
  const askedRally = new URLSearchParams(location.search).get('rally') ?? '';
  const [stored, setStored] = useState(prize);
  const [baseline, setBaseline] = useState<Value>(() => fromPrize(prize, /^\d+$/.test(askedRally) ? askedRally : ''));
  const [value, setValue] = useState<Value>(baseline);
  const [images, setImages] = useState<PrizeImage[]>(prize?.images ?? []);
  const [queued, setQueued] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  /** A delete refused because visitors applied: say so and offer to unpublish instead. */
  const [refused, setRefused] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash | null>(() => (location.state as { flash?: Flash } | null)?.flash ?? null);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(value) !== JSON.stringify(baseline);
  const allowLeave = useLeaveGuard(dirty, t('couponForm.leaveConfirm'));
  const applied = (stored?.applications.total ?? 0) > 0;

  useEffect(() => {
    if (location.state) navigate(location.pathname + location.search, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  // A new prize opened without a rally: the one running today, else the latest.
  useEffect(() => {
    if (stored || value.campaignId || !rallies.data?.length) return;
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const pick = rallies.data.find((c) => c.startsOn <= today && today <= c.endsOn) ?? rallies.data[0]!;
    setBaseline((b) => ({ ...b, campaignId: String(pick.id) }));
    setValue((v) => ({ ...v, campaignId: String(pick.id) }));
  }, [rallies.data, stored, value.campaignId]);

  const set = <K extends keyof Value>(key: K, v: Value[K]) => {
    setValue((p) => ({ ...p, [key]: v }));
    setFlash(null);
    // A changed field's errors go (texts: each language's, `name.ja`, `name.en`, ...).
    setErrors((e) => {
      const left = Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
      return Object.keys(left).length === Object.keys(e).length ? e : left;
    });
  };

  const focusFirst = (found: Record<string, string>) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const store = async (next: Value, done: Flash) => {
    const saved = await savePrize(stored?.id, toBody(next));
    const fresh = fromPrize(saved, '');
    setStored(saved);
    setImages(saved.images);
    setBaseline(fresh);
    setValue(fresh);
    setFlash(done);
    setRound((r) => r + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const found = validate(value, t);
    setErrors(found);
    setFlash(null);
    setRefused(null);
    if (Object.keys(found).length) {
      setAlert(t('couponForm.errors.summary', { count: Object.keys(found).length }));
      focusFirst(found);
      return;
    }
    setAlert(null);
    setSaving(true);
    try {
      if (!stored) {
        const created = await savePrize(undefined, toBody(value));
        let imagesFailed = false;
        if (queued.length) {
          setProgress(0);
          try {
            await uploadPrizeImages(created.id, queued, setProgress);
          } catch {
            imagesFailed = true;
          }
        }
        allowLeave();
        navigate(`${adminPaths.page('prizes')}${created.id}/`, {
          replace: true,
          state: { flash: imagesFailed ? 'createdImagesFailed' : 'created' },
        });
        return;
      }
      await store(value, 'saved');
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      if (err instanceof AdminApiError && Object.keys(err.fields).length) {
        setErrors(err.fields);
        focusFirst(err.fields);
      }
      setAlert(adminMessageOf(err));
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!stored || !window.confirm(t('prizes.confirmDelete', { name: stored.name.ja }))) return;
    setSaving(true);
    setAlert(null);
    setRefused(null);
    try {
      await deletePrize(stored.id);
      allowLeave();
      navigate(`${adminPaths.page('prizes')}?rally=${stored.campaignId}`, {
        replace: true,
        state: { flash: 'deleted' },
      });
    } catch (err) {
      if (err instanceof AdminApiError && err.code === 'PRIZE_HAS_APPLICATIONS') setRefused(err.message);
      else setAlert(adminMessageOf(err));
      setSaving(false);
    }
  };

  /** Unpublish the stored prize (what to do instead of deleting one with applications). */
  const unpublish = async () => {
    if (!stored) return;
    setSaving(true);
    try {
      await store({ ...fromPrize(stored, ''), published: false }, 'unpublished');
      setRefused(null);
    } catch (err) {
      setAlert(adminMessageOf(err));
    } finally {
      setSaving(false);
    }
  };

  const flashText =
    flash === 'created'
      ? t('prizes.flash.created')
      : flash === 'saved'
        ? t('prizes.flash.saved')
        : flash === 'unpublished'
          ? t('prizes.flash.unpublished')
          : flash
            ? t('prizes.flash.createdImagesFailed')
            : null;
  const field = (name: keyof Value) => ({
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-err` : undefined,
  });
  const fieldError = (name: keyof Value) =>
    errors[name] ? (
      <p className="adm-field__error" id={`${name}-err`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="adm-page adm-page--form">
      <PageHead
        title={title}
        lead={
          stored ? (
            <span className="adm-form-meta">
              <PublishedBadge published={stored.published} />
              <span>{t('prizes.meta', { id: stored.id, updated: formatDateTime(stored.updatedAt, locale) })}</span>
            </span>
          ) : (
            t('prizes.newLead')
          )
        }
        actions={
          stored && (
            <button type="button" className="adm-btn adm-btn--danger" onClick={() => void remove()} disabled={saving}>
              <Icon name="trash" size={18} />
              {t('prizes.delete')}
            </button>
          )
        }
      />
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
      {refused && (
        <div className="adm-alert adm-alert--warn adm-form-alert" role="alert" data-testid="delete-refused">
          <Icon name="alert" size={20} />
          <span>{refused}</span>
          {stored?.published && (
            <span className="adm-alert__actions">
              <button
                type="button"
                className="adm-btn adm-btn--ghost adm-btn--sm"
                onClick={() => void unpublish()}
                disabled={saving}
              >
                {t('prizes.unpublishNow')}
              </button>
            </span>
          )}
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
          <section className="adm-card adm-section" aria-labelledby={`${ids.texts}-h`}>
            <h2 className="adm-section__title" id={`${ids.texts}-h`}>
              {t('prizes.texts')}
            </h2>
            <LocaleTextsFields
              fields={TEXTS}
              values={{ name: value.name, description: value.description }}
              errors={errors}
              onChange={(f, texts) => set(f as 'name' | 'description', texts)}
            />
          </section>
          <section className="adm-card adm-section" aria-labelledby={`${ids.settings}-h`}>
            <h2 className="adm-section__title" id={`${ids.settings}-h`}>
              {t('prizes.settings')}
            </h2>
            <div className={`adm-field${errors.campaignId ? ' has-error' : ''}`}>
              <label className="adm-field__label" htmlFor={ids.rally}>
                {t('prizes.fields.campaignId')}
                <span className="adm-required">{t('couponForm.required')}</span>
              </label>
              <select
                id={ids.rally}
                className="adm-select"
                value={value.campaignId}
                onChange={(e) => set('campaignId', e.target.value)}
                disabled={applied}
                {...field('campaignId')}
              >
                <option value="">{t('couponForm.choose')}</option>
                {(rallies.data ?? []).map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
              {fieldError('campaignId')}
              {rallies.status === 'error' && <p className="adm-field__error">{rallies.error.message}</p>}
            </div>
            <fieldset className={`adm-field adm-prize-kinds${errors.kind ? ' has-error' : ''}`} disabled={applied}>
              <legend className="adm-field__label">
                {t('prizes.fields.kind')}
                <span className="adm-required">{t('couponForm.required')}</span>
              </legend>
              <div className="adm-prize-kinds__options">
                {KINDS.map((k) => (
                  <label key={k} className={`adm-prize-kind-option${value.kind === k ? ' is-checked' : ''}`}>
                    <input
                      type="radio"
                      name="kind"
                      value={k}
                      checked={value.kind === k}
                      onChange={() => set('kind', k)}
                    />
                    <span className="adm-prize-kind-option__name">{t(`prizes.kinds.${k}`)}</span>
                    <span className="adm-prize-kind-option__hint">{t(`prizes.kindHints.${k}`)}</span>
                  </label>
                ))}
              </div>
              {applied && <p className="adm-field__hint">{t('prizes.lockedAfterApplications')}</p>}
              {fieldError('kind')}
            </fieldset>
            <div className="adm-grid-2">
              <div className={`adm-field${errors.stampsNeeded ? ' has-error' : ''}`}>
                <label className="adm-field__label" htmlFor={ids.stamps}>
                  {t('prizes.fields.stampsNeeded')}
                  <span className="adm-required">{t('couponForm.required')}</span>
                </label>
                <div className="adm-input-unit">
                  <input
                    id={ids.stamps}
                    className="adm-input"
                    inputMode="numeric"
                    value={value.stampsNeeded}
                    onChange={(e) => set('stampsNeeded', e.target.value.replace(/[^\d]/g, ''))}
                    {...field('stampsNeeded')}
                  />
                  <span className="adm-input-unit__unit">{t('prizes.stampsUnit')}</span>
                </div>
                {fieldError('stampsNeeded')}
                <p className="adm-field__hint">{t('prizes.stampsHint')}</p>
              </div>
              {value.kind === 'exchange' && (
                <div className={`adm-field${errors.stock ? ' has-error' : ''}`}>
                  <label className="adm-field__label" htmlFor={ids.stock}>
                    {t('prizes.fields.stock')}
                    <span className="adm-required">{t('couponForm.required')}</span>
                  </label>
                  <div className="adm-input-unit">
                    <input
                      id={ids.stock}
                      className="adm-input"
                      inputMode="numeric"
                      value={value.stock}
                      onChange={(e) => set('stock', e.target.value.replace(/[^\d]/g, ''))}
                      {...field('stock')}
                    />
                    <span className="adm-input-unit__unit">{t('prizes.stockUnit')}</span>
                  </div>
                  {fieldError('stock')}
                  <p className="adm-field__hint">{t('prizes.stockHint')}</p>
                </div>
              )}
              <div className={`adm-field${errors.displayOrder ? ' has-error' : ''}`}>
                <label className="adm-field__label" htmlFor={ids.order}>
                  {t('prizes.fields.displayOrder')}
                </label>
                <input
                  id={ids.order}
                  className="adm-input"
                  inputMode="numeric"
                  value={value.displayOrder}
                  onChange={(e) => set('displayOrder', e.target.value.replace(/[^\d]/g, ''))}
                  {...field('displayOrder')}
                />
                {fieldError('displayOrder')}
                <p className="adm-field__hint">{t('prizes.displayOrderHint')}</p>
              </div>
            </div>
          </section>
          {stored && <EntityAudit entity="prize" id={stored.id} round={round} />}
        </div>
        <div className="adm-coupon-form__side">
          <section className="adm-card adm-section" aria-labelledby={`${ids.publication}-h`}>
            <h2 className="adm-section__title" id={`${ids.publication}-h`}>
              {t('couponForm.publication')}
            </h2>
            <label className="adm-switch">
              <input
                name="published"
                type="checkbox"
                role="switch"
                checked={value.published}
                onChange={(e) => set('published', e.target.checked)}
              />
              <span className="adm-switch__track" aria-hidden="true" />
              <span className="adm-switch__label">
                {value.published ? t('prizes.publishedOn') : t('prizes.publishedOff')}
              </span>
            </label>
            <p className="adm-field__hint">
              {value.published ? t('prizes.publishedOnHint') : t('prizes.publishedOffHint')}
            </p>
          </section>
          <ImagesCard
            ownerId={stored?.id}
            store={PRIZE_IMAGES}
            testId="prize-images"
            texts={{ alt: (n) => t('prizes.imageAlt', { n }), afterSave: t('prizes.imagesAfterSave') }}
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
          listHref={`${adminPaths.page('prizes')}${value.campaignId ? `?rally=${value.campaignId}` : ''}`}
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
      {stored && (
        <ApplicationsCard
          prize={stored}
          onChanged={() => {
            void getPrize(stored.id).then(setStored, () => undefined);
            setRound((r) => r + 1);
          }}
        />
      )}
    </div>
  );
}
