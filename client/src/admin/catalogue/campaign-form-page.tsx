import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Icon } from '../layout/icons';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { formatDate } from '../lib/format';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import { PageLoadError } from '../pages/page-load-error';
import { DateRangeFields } from '../shared/date-range-fields';
import { useLeaveGuard } from '../shared/leave-guard';
import { SaveBar } from '../shared/save-bar';
import { PageLoading } from '../pages/page-loading';
import { getCampaign, listCampaigns, saveCampaign, type CampaignDetail } from './catalogue.api';
import { overlaps, rallyState, todayJst } from './campaign-state';
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
import '../coupons/coupons.css';
import './catalogue.css';

const TEXTS: readonly TextFieldSpec[] = [
  {
    name: 'name',
    label: 'campaigns.fields.name',
    max: 300,
    required: true,
    placeholder: 'campaigns.placeholders.name',
  },
  {
    name: 'description',
    label: 'campaigns.fields.description',
    max: 4000,
    required: false,
    multiline: true,
    placeholder: 'campaigns.placeholders.description',
  },
];

type Value = { name: LocaleTexts; description: LocaleTexts; startsOn: string; endsOn: string };

/** `campaign/regist/` and `campaign/{id}/` (issue 6): a rally's texts per language and its JST period. */
export function CampaignFormPage() {
  const t = useAdminT();
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const loaded = useLoad<CampaignDetail | null>(
    (signal) => (id === undefined ? Promise.resolve(null) : getCampaign(id, signal)),
    [id],
  );
  const title = id === undefined ? t('pages.campaignNew') : t('pages.campaign');
  if (loaded.status === 'loading' && !loaded.data) return <PageLoading />;
  if (loaded.status === 'error')
    return (
      <PageLoadError
        title={title}
        error={loaded.error}
        onRetry={loaded.reload}
        listHref={adminPaths.page('campaigns')}
      />
    );
  return <CampaignForm key={id ?? 'new'} campaign={loaded.data ?? null} title={title} />;
}

function fromCampaign(c: CampaignDetail | null): Value {
  if (!c) return { name: emptyTexts(), description: emptyTexts(), startsOn: '', endsOn: '' };
  return {
    name: textsFrom(c.texts.name),
    description: textsFrom(c.texts.description),
    startsOn: c.startsOn,
    endsOn: c.endsOn,
  };
}

function CampaignForm({ campaign, title }: { campaign: CampaignDetail | null; title: string }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = { period: useId(), texts: useId() };
  const [stored, setStored] = useState(campaign);
  const [value, setValue] = useState<Value>(() => fromCampaign(campaign));
  const dirty = JSON.stringify(value) !== JSON.stringify(fromCampaign(stored));
  const allowLeave = useLeaveGuard(dirty, t('couponForm.leaveConfirm'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [clashes, setClashes] = useState<CampaignDetail[]>([]);
  // Created on the page before: said once, here.
  const [flash, setFlash] = useState<string | null>(() =>
    (location.state as { flash?: string } | null)?.flash === 'created' ? t('campaigns.created') : null,
  );
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);

  const set = <K extends keyof Value>(key: K, v: Value[K]) => {
    setValue((p) => ({ ...p, [key]: v }));
    setFlash(null);
  };

  const validate = (): Record<string, string> => {
    const out = checkTexts(TEXTS, { name: value.name, description: value.description }, t);
    if (!value.startsOn) out.startsOn = t('couponForm.errors.dateRequired');
    if (!value.endsOn) out.endsOn = t('couponForm.errors.dateRequired');
    if (value.startsOn && value.endsOn && value.startsOn > value.endsOn)
      out.endsOn = t('couponForm.errors.periodOrder');
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const found = validate();
    setErrors(found);
    setClashes([]);
    setFlash(null);
    if (Object.keys(found).length) {
      setAlert(t('couponForm.errors.summary', { count: Object.keys(found).length }));
      return;
    }
    setAlert(null);
    setSaving(true);
    try {
      const saved = await saveCampaign(stored?.id, {
        name: textsBody(value.name),
        description: textsBody(value.description),
        startsOn: value.startsOn,
        endsOn: value.endsOn,
      });
      if (!stored) {
        allowLeave();
        navigate(`${adminPaths.page('campaigns')}${saved.id}/`, { replace: true, state: { flash: 'created' } });
        return;
      }
      setStored(saved);
      setValue(fromCampaign(saved));
      setFlash(t('campaigns.saved'));
      setRound((r) => r + 1);
    } catch (err) {
      if (err instanceof AdminApiError && err.code === 'CAMPAIGN_OVERLAP') {
        const msg = t('campaigns.overlapField');
        setErrors({ startsOn: msg, endsOn: msg });
        setAlert(err.message);
        // Name the rallies in the way, so staff know which period to move.
        try {
          const all = await listCampaigns();
          setClashes(all.filter((c) => c.id !== stored?.id && overlaps(c, value)));
        } catch {
          setClashes([]);
        }
      } else {
        if (err instanceof AdminApiError && Object.keys(err.fields).length) setErrors(err.fields);
        setAlert(adminMessageOf(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const state = stored ? rallyState(stored, todayJst()) : null;

  return (
    <div className="adm-page adm-page--form">
      <PageHead
        title={title}
        lead={
          stored && state ? (
            <span className="adm-form-meta">
              <span
                className={`adm-status adm-status--${state === 'running' ? 'published' : state === 'upcoming' ? 'scheduled' : 'expired'}`}
              >
                <span className="adm-status__dot" aria-hidden="true" />
                {t(`campaigns.state.${state}`)}
              </span>
              <span>{t('campaigns.meta', { id: stored.id })}</span>
            </span>
          ) : (
            t('campaigns.newLead')
          )
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
          <div>
            <p className="adm-alert__title">{alert}</p>
            {clashes.length > 0 && (
              <ul className="adm-clash-list" data-testid="overlap-list">
                {clashes.map((c) => (
                  <li key={c.id}>
                    <Link to={`${adminPaths.page('campaigns')}${c.id}/`}>{c.name}</Link>
                    <span>
                      {formatDate(c.startsOn, locale)} 〜 {formatDate(c.endsOn, locale)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      <form className="adm-coupon-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
        <div className="adm-coupon-form__main">
          <section className="adm-card adm-section" aria-labelledby={`${ids.texts}-h`}>
            <h2 className="adm-section__title" id={`${ids.texts}-h`}>
              {t('campaigns.texts')}
            </h2>
            <LocaleTextsFields
              fields={TEXTS}
              values={{ name: value.name, description: value.description }}
              errors={errors}
              onChange={(f, texts) => set(f as 'name' | 'description', texts)}
            />
          </section>
          {stored && <EntityAudit entity="campaign" id={stored.id} round={round} />}
        </div>
        <div className="adm-coupon-form__side">
          <section className="adm-card adm-section" aria-labelledby={`${ids.period}-h`}>
            <h2 className="adm-section__title" id={`${ids.period}-h`}>
              {t('campaigns.period')}
            </h2>
            <DateRangeFields
              required
              from={{
                name: 'startsOn',
                label: t('campaigns.fields.startsOn'),
                value: value.startsOn,
                error: errors.startsOn,
                onChange: (v) => set('startsOn', v),
              }}
              to={{
                name: 'endsOn',
                label: t('campaigns.fields.endsOn'),
                value: value.endsOn,
                error: errors.endsOn,
                onChange: (v) => set('endsOn', v),
              }}
            />
            <p className="adm-field__hint">{t('campaigns.periodHint')}</p>
          </section>
        </div>
        <SaveBar saving={saving} stored={!!stored} dirty={dirty} listHref={adminPaths.page('campaigns')} />
      </form>
    </div>
  );
}
