import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AREAS, PURPOSES, type Area, type Purpose } from '@contracts/common';
import { DEFAULT_USABLE_RANGE_M, USABLE_RANGE_MAX_M, USABLE_RANGE_MIN_M } from '@contracts/spots-admin';
import { Icon } from '../layout/icons';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { PageLoadError } from '../pages/page-load-error';
import { useLeaveGuard } from '../shared/leave-guard';
import { SaveBar } from '../shared/save-bar';
import { PageLoading } from '../pages/page-loading';
import { useStaffSession } from '../session/session.store';
import { getSpot, saveSpot, type SpotAdmin } from './catalogue.api';
import { EntityAudit } from '../shared/entity-audit';
import {
  checkTexts,
  emptyTexts,
  LocaleTextsFields,
  textsBody,
  textsFrom,
  type LocaleTexts,
  type TextFieldSpec,
} from '../lib/locale-texts';
import { SpotQrCard } from './spot-qr';
import { spotPath } from './spot-list-page';
import '../coupons/coupons.css';
import './catalogue.css';

const NAMES: readonly TextFieldSpec[] = [
  { name: 'names', label: 'spots.fields.name', max: 300, required: true, placeholder: 'spots.placeholders.name' },
];
const STORE_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

type Value = {
  storeCode: string;
  names: LocaleTexts;
  address: string;
  latitude: string;
  longitude: string;
  area: Area | '';
  purpose: Purpose | '';
  genre: string;
  usableRangeM: string;
};

const fromSpot = (s: SpotAdmin | null): Value =>
  s
    ? {
        storeCode: s.storeCode,
        names: textsFrom(s.names),
        address: s.address,
        latitude: String(s.latitude),
        longitude: String(s.longitude),
        area: s.area,
        purpose: s.purpose,
        genre: s.genre ?? '',
        usableRangeM: String(s.usableRangeM),
      }
    : {
        storeCode: '',
        names: emptyTexts(),
        address: '',
        latitude: '',
        longitude: '',
        area: '',
        purpose: '',
        genre: '',
        usableRangeM: String(DEFAULT_USABLE_RANGE_M),
      };

/** Full-width digits and signs as typed on a Japanese keyboard, read as ASCII. */
const ascii = (s: string) => s.replace(/[０-９．－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
const num = (s: string): number | null => (ascii(s) === '' || Number.isNaN(Number(ascii(s))) ? null : Number(ascii(s)));

/** `setting/spot/regist/` and `setting/spot/{id}/` (issue 6): a spot (store) with its QR code. */
export function SpotFormPage() {
  const t = useAdminT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useLoad<SpotAdmin | null>(
    (signal) => (id === undefined ? Promise.resolve(null) : getSpot(id, signal)),
    [id],
  );
  const title = id === undefined ? t('pages.spotNew') : t('pages.spot');
  if (loaded.status === 'loading' && !loaded.data) return <PageLoading />;
  if (loaded.status === 'error')
    return (
      <PageLoadError title={title} error={loaded.error} onRetry={loaded.reload} listHref={adminPaths.page('setting')} />
    );
  return <SpotForm key={id ?? 'new'} spot={loaded.data ?? null} title={title} />;
}

function SpotForm({ spot, title }: { spot: SpotAdmin | null; title: string }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const navigate = useNavigate();
  const role = useStaffSession((s) => s.user?.role);
  const adminOnly = role !== 'admin';
  const ids = {
    code: useId(),
    address: useId(),
    lat: useId(),
    lng: useId(),
    range: useId(),
    area: useId(),
    purpose: useId(),
    genre: useId(),
    names: useId(),
    place: useId(),
  };
  const [stored, setStored] = useState(spot);
  const [value, setValue] = useState<Value>(() => fromSpot(spot));
  const dirty = JSON.stringify(value) !== JSON.stringify(fromSpot(stored));
  const allowLeave = useLeaveGuard(dirty, t('couponForm.leaveConfirm'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);

  const set = <K extends keyof Value>(key: K, v: Value[K]) => {
    setValue((p) => ({ ...p, [key]: v }));
    setFlash(null);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const lat = num(value.latitude);
  const lng = num(value.longitude);
  const mapUrl = lat !== null && lng !== null ? `https://www.google.com/maps/search/?api=1&query=${lat},${lng}` : null;

  const validate = (): Record<string, string> => {
    const out = checkTexts(NAMES, { names: value.names }, t);
    const code = value.storeCode.trim();
    if (!code) out.storeCode = t('catalogue.errors.required');
    else if (code.length > 64 || !STORE_CODE.test(code)) out.storeCode = t('spots.errors.storeCode');
    if (!value.address.trim()) out.address = t('catalogue.errors.required');
    if (lat === null || lat < -90 || lat > 90) out.latitude = t('spots.errors.latitude');
    if (lng === null || lng < -180 || lng > 180) out.longitude = t('spots.errors.longitude');
    if (lat === 0 && lng === 0) out.latitude = t('spots.errors.nullIsland');
    if (!value.area) out.area = t('couponForm.errors.areaRequired');
    if (!value.purpose) out.purpose = t('couponForm.errors.purposeRequired');
    const range = num(value.usableRangeM);
    if (range === null || !Number.isInteger(range) || range < USABLE_RANGE_MIN_M || range > USABLE_RANGE_MAX_M)
      out.usableRangeM = t('spots.errors.range', { min: USABLE_RANGE_MIN_M, max: USABLE_RANGE_MAX_M });
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const found = validate();
    setErrors(found);
    setFlash(null);
    if (Object.keys(found).length) {
      setAlert(t('couponForm.errors.summary', { count: Object.keys(found).length }));
      return;
    }
    setAlert(null);
    setSaving(true);
    try {
      const saved = await saveSpot(stored?.id, {
        storeCode: value.storeCode.trim(),
        names: textsBody(value.names),
        address: value.address.trim(),
        latitude: lat!,
        longitude: lng!,
        area: value.area,
        purpose: value.purpose,
        genre: value.genre.trim() || null,
        usableRangeM: num(value.usableRangeM)!,
      });
      if (!stored) {
        allowLeave();
        navigate(spotPath(saved.id), { replace: true });
        return;
      }
      setStored(saved);
      setValue(fromSpot(saved));
      setFlash(t('couponForm.flash.saved'));
      setRound((r) => r + 1);
    } catch (err) {
      if (err instanceof AdminApiError) {
        const fields: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.fields)) fields[k] = v;
        if (err.code === 'STORE_CODE_TAKEN') fields.storeCode = err.message;
        setErrors(fields);
      }
      setAlert(adminMessageOf(err));
    } finally {
      setSaving(false);
    }
  };

  const field = (
    key: keyof Value,
    id: string,
    label: string,
    input: ReactNode,
    opts: { required?: boolean; hint?: string; locked?: boolean } = {},
  ) => (
    <div className={`adm-field${errors[key] ? ' has-error' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {label}
        {opts.required && <span className="adm-required">{t('couponForm.required')}</span>}
        {opts.locked && <span className="adm-locked">{t('spots.adminOnly')}</span>}
      </label>
      {input}
      {errors[key] ? (
        <p className="adm-field__error">{errors[key]}</p>
      ) : opts.hint ? (
        <p className="adm-field__hint">{opts.hint}</p>
      ) : null}
    </div>
  );
  const inputProps = (key: keyof Value, id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: key,
    className: 'adm-input',
    value: value[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    'aria-invalid': errors[key] ? true : undefined,
    ...extra,
  });

  return (
    <div className="adm-page adm-page--form">
      <PageHead
        title={title}
        lead={
          stored
            ? t('spots.meta', { code: stored.storeCode, updated: formatDateTime(stored.updatedAt, locale) })
            : t('spots.newLead')
        }
      />
      {flash && (
        <div className="adm-alert adm-alert--ok adm-form-alert" role="status" data-testid="form-flash">
          <Icon name="check" size={20} />
          <span>{flash}</span>
        </div>
      )}
      {alert && (
        <div className="adm-alert adm-alert--error adm-form-alert" role="alert" data-testid="form-error">
          <Icon name="alert" size={20} />
          <span>{alert}</span>
        </div>
      )}
      {adminOnly && (
        <p className="adm-hint-box adm-form-alert" data-testid="shop-note">
          {t('spots.shopNote')}
        </p>
      )}
      <form className="adm-coupon-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
        <div className="adm-coupon-form__main">
          <section className="adm-card adm-section" aria-labelledby={`${ids.names}-h`}>
            <h2 className="adm-section__title" id={`${ids.names}-h`}>
              {t('spots.basics')}
            </h2>
            {field(
              'storeCode',
              ids.code,
              t('spots.fields.storeCode'),
              <input
                {...inputProps('storeCode', ids.code, {
                  maxLength: 64,
                  disabled: adminOnly,
                  autoComplete: 'off',
                  spellCheck: false,
                })}
              />,
              {
                required: true,
                hint: t('spots.hints.storeCode'),
                locked: adminOnly,
              },
            )}
            <LocaleTextsFields
              fields={NAMES}
              values={{ names: value.names }}
              errors={errors}
              onChange={(_f, texts) => set('names', texts)}
            />
          </section>

          <section className="adm-card adm-section" aria-labelledby={`${ids.place}-h`}>
            <h2 className="adm-section__title" id={`${ids.place}-h`}>
              {t('spots.place')}
            </h2>
            {field(
              'address',
              ids.address,
              t('spots.fields.address'),
              <input
                {...inputProps('address', ids.address, {
                  maxLength: 500,
                  placeholder: t('spots.placeholders.address'),
                })}
              />,
              { required: true },
            )}
            <div className="adm-grid-2">
              {field(
                'latitude',
                ids.lat,
                t('spots.fields.latitude'),
                <input
                  {...inputProps('latitude', ids.lat, {
                    inputMode: 'decimal',
                    disabled: adminOnly,
                    placeholder: '32.8031',
                  })}
                />,
                {
                  required: true,
                  locked: adminOnly,
                },
              )}
              {field(
                'longitude',
                ids.lng,
                t('spots.fields.longitude'),
                <input
                  {...inputProps('longitude', ids.lng, {
                    inputMode: 'decimal',
                    disabled: adminOnly,
                    placeholder: '130.7079',
                  })}
                />,
                {
                  required: true,
                  locked: adminOnly,
                },
              )}
            </div>
            <p className="adm-map-link">
              <Icon name="pin" size={16} />
              {mapUrl ? (
                <a href={mapUrl} target="_blank" rel="noopener noreferrer" data-testid="map-link">
                  {t('spots.mapPreview')}
                </a>
              ) : (
                <span className="adm-field__hint">{t('spots.mapNeedsCoords')}</span>
              )}
            </p>
            <div className="adm-grid-2">
              {field(
                'usableRangeM',
                ids.range,
                t('spots.fields.usableRange'),
                <div className="adm-input-unit">
                  <input {...inputProps('usableRangeM', ids.range, { inputMode: 'numeric', disabled: adminOnly })} />
                  <span className="adm-input-unit__unit">{t('spots.unitM')}</span>
                </div>,
                { hint: t('spots.hints.usableRange'), locked: adminOnly },
              )}
            </div>
          </section>

          <section className="adm-card adm-section" aria-labelledby={`${ids.area}-h`}>
            <h2 className="adm-section__title" id={`${ids.area}-h`}>
              {t('couponForm.classification')}
            </h2>
            <div className="adm-grid-2">
              {field(
                'area',
                ids.area,
                t('couponForm.fields.area'),
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
                </select>,
                { required: true },
              )}
              {field(
                'purpose',
                ids.purpose,
                t('couponForm.fields.purpose'),
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
                </select>,
                { required: true },
              )}
              {field(
                'genre',
                ids.genre,
                t('couponForm.fields.genre'),
                <input
                  {...inputProps('genre', ids.genre, {
                    maxLength: 100,
                    placeholder: t('couponForm.placeholders.genre'),
                  })}
                />,
              )}
            </div>
          </section>
          {stored && <EntityAudit entity="spot" id={stored.id} round={round} />}
        </div>
        <div className="adm-coupon-form__side">
          {stored ? <SpotQrCard spotId={stored.id} /> : <p className="adm-hint-box">{t('spots.qr.afterSave')}</p>}
        </div>
        <SaveBar saving={saving} stored={!!stored} dirty={dirty} listHref={adminPaths.page('setting')} />
      </form>
    </div>
  );
}
