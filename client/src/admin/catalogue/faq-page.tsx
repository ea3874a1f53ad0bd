import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LOCALES } from '@contracts/common';
import { Icon } from '../layout/icons';
import { AdminApiError, adminMessageOf } from '../lib/api';
import { useAdminLocale, useAdminT } from '../lib/i18n';
import { useLoad } from '../lib/use-load';
import { PageHead } from '../pages/page-head';
import {
  deleteFaq,
  deleteFaqCategory,
  listFaq,
  saveFaq,
  saveFaqCategory,
  type AdminFaqCategory,
} from './catalogue.api';
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

const CATEGORY_TEXTS: readonly TextFieldSpec[] = [
  {
    name: 'name',
    label: 'faqAdmin.fields.category',
    max: 200,
    required: true,
    placeholder: 'faqAdmin.placeholders.category',
  },
];
const FAQ_TEXTS: readonly TextFieldSpec[] = [
  {
    name: 'question',
    label: 'faqAdmin.fields.question',
    max: 500,
    required: true,
    placeholder: 'faqAdmin.placeholders.question',
  },
  {
    name: 'answer',
    label: 'faqAdmin.fields.answer',
    max: 4000,
    required: true,
    multiline: true,
    placeholder: 'faqAdmin.placeholders.answer',
  },
];

type Editing = { kind: 'category'; id?: number } | { kind: 'faq'; id?: number; categoryId: number } | null;
type Faq = AdminFaqCategory['faqs'][number];

/** Written languages other than ja, for the entry's at-a-glance row. */
const writtenOf = (texts: Partial<Record<string, string | undefined>>) =>
  LOCALES.filter((l) => l !== 'ja' && texts[l]?.trim());

/**
 * `faq/` (issue 6): the FAQ's categories and entries in every language, their order, add,
 * edit and delete (after a confirmation). What is saved is what the public /faq/ shows.
 */
export function FaqPage() {
  const t = useAdminT();
  const list = useLoad((signal) => listFaq(signal), []);
  const [editing, setEditing] = useState<Editing>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const categories = list.data ?? [];

  const done = (message: string) => {
    setEditing(null);
    setFlash(message);
    setAlert(null);
    list.reload();
  };

  const remove = async (kind: 'category' | 'faq', id: number, name: string) => {
    const ok = window.confirm(
      kind === 'category' ? t('faqAdmin.confirmDeleteCategory', { name }) : t('faqAdmin.confirmDeleteFaq', { name }),
    );
    if (!ok) return;
    try {
      if (kind === 'category') await deleteFaqCategory(id);
      else await deleteFaq(id);
      done(t('faqAdmin.deleted'));
    } catch (err) {
      setFlash(null);
      setAlert(adminMessageOf(err));
    }
  };

  return (
    <div className="adm-page adm-page--faq">
      <PageHead
        title={t('pages.faq')}
        lead={t('faqAdmin.lead')}
        actions={
          <>
            <a className="adm-btn adm-btn--ghost" href="/faq/" target="_blank" rel="noopener">
              <Icon name="phone" size={18} />
              {t('faqAdmin.openPublic')}
            </a>
            <button
              type="button"
              className="adm-btn adm-btn--primary"
              onClick={() => setEditing({ kind: 'category' })}
              disabled={editing?.kind === 'category' && !editing.id}
            >
              <Icon name="plus" size={18} />
              {t('faqAdmin.addCategory')}
            </button>
          </>
        }
      />
      {flash && (
        <div className="adm-alert adm-alert--ok adm-form-alert" role="status" data-testid="form-flash">
          <Icon name="check" size={20} />
          <span>{flash}</span>
        </div>
      )}
      {alert && (
        <div className="adm-alert adm-alert--error adm-form-alert" role="alert">
          <Icon name="alert" size={20} />
          <span>{alert}</span>
        </div>
      )}
      {list.status === 'error' && (
        <div className="adm-alert adm-alert--error adm-form-alert" role="alert">
          <Icon name="alert" size={20} />
          <span>{list.error.message}</span>
          <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={list.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {editing?.kind === 'category' && !editing.id && (
        <CategoryEditor
          category={null}
          nextOrder={nextOrder(categories)}
          onCancel={() => setEditing(null)}
          onSaved={() => done(t('faqAdmin.saved'))}
        />
      )}

      {list.status === 'loading' && !list.data && (
        <div className="adm-card adm-faq-skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
      {list.status === 'ready' && categories.length === 0 && !editing && (
        <div className="adm-card adm-empty">
          <Icon name="help" size={32} />
          <p>{t('faqAdmin.empty')}</p>
        </div>
      )}

      <div className="adm-faq" aria-busy={list.status === 'loading'}>
        {categories.map((c) =>
          editing?.kind === 'category' && editing.id === c.id ? (
            <CategoryEditor
              key={c.id}
              category={c}
              nextOrder={c.sortOrder}
              onCancel={() => setEditing(null)}
              onSaved={() => done(t('faqAdmin.saved'))}
            />
          ) : (
            <section
              key={c.id}
              className="adm-card adm-faq-cat"
              data-category-id={c.id}
              aria-labelledby={`faq-cat-${c.id}`}
            >
              <header className="adm-faq-cat__head">
                <span className="adm-order" title={t('faqAdmin.fields.sortOrder')}>
                  {c.sortOrder}
                </span>
                <div className="adm-faq-cat__title">
                  <h2 id={`faq-cat-${c.id}`}>{c.name.ja}</h2>
                  <Langs texts={c.name} />
                </div>
                <span className="adm-table__sub">{t('faqAdmin.entries', { count: c.faqs.length })}</span>
                <div className="adm-faq__actions">
                  <button
                    type="button"
                    className="adm-icon-btn"
                    onClick={() => setEditing({ kind: 'category', id: c.id })}
                    aria-label={t('couponList.editOne', { title: c.name.ja })}
                    title={t('couponList.edit')}
                  >
                    <Icon name="edit" size={16} />
                  </button>
                  <button
                    type="button"
                    className="adm-icon-btn adm-icon-btn--danger"
                    onClick={() => void remove('category', c.id, c.name.ja)}
                    aria-label={t('faqAdmin.deleteOne', { name: c.name.ja })}
                    title={t('couponForm.delete')}
                  >
                    <Icon name="trash" size={16} />
                  </button>
                </div>
              </header>
              <ol className="adm-faq-list">
                {c.faqs.map((f) =>
                  editing?.kind === 'faq' && editing.id === f.id ? (
                    <li key={f.id}>
                      <FaqEditor
                        faq={f}
                        categoryId={c.id}
                        categories={categories}
                        nextOrder={f.sortOrder}
                        onCancel={() => setEditing(null)}
                        onSaved={() => done(t('faqAdmin.saved'))}
                      />
                    </li>
                  ) : (
                    <li key={f.id} className="adm-faq-item" data-faq-id={f.id}>
                      <span className="adm-order" title={t('faqAdmin.fields.sortOrder')}>
                        {f.sortOrder}
                      </span>
                      <div className="adm-faq-item__body">
                        <p className="adm-faq-item__q">{f.question.ja}</p>
                        <p className="adm-faq-item__a">{f.answer.ja}</p>
                        <Langs texts={f.question} />
                      </div>
                      <div className="adm-faq__actions">
                        <button
                          type="button"
                          className="adm-icon-btn"
                          onClick={() => setEditing({ kind: 'faq', id: f.id, categoryId: c.id })}
                          aria-label={t('couponList.editOne', { title: f.question.ja })}
                          title={t('couponList.edit')}
                        >
                          <Icon name="edit" size={16} />
                        </button>
                        <button
                          type="button"
                          className="adm-icon-btn adm-icon-btn--danger"
                          onClick={() => void remove('faq', f.id, f.question.ja)}
                          aria-label={t('faqAdmin.deleteOne', { name: f.question.ja })}
                          title={t('couponForm.delete')}
                        >
                          <Icon name="trash" size={16} />
                        </button>
                      </div>
                    </li>
                  ),
                )}
                {c.faqs.length === 0 && !(editing?.kind === 'faq' && !editing.id && editing.categoryId === c.id) && (
                  <li className="adm-faq-list__empty">{t('faqAdmin.noEntries')}</li>
                )}
              </ol>
              {editing?.kind === 'faq' && !editing.id && editing.categoryId === c.id ? (
                <FaqEditor
                  faq={null}
                  categoryId={c.id}
                  categories={categories}
                  nextOrder={nextOrder(c.faqs)}
                  onCancel={() => setEditing(null)}
                  onSaved={() => done(t('faqAdmin.saved'))}
                />
              ) : (
                <button
                  type="button"
                  className="adm-btn adm-btn--ghost adm-btn--sm adm-faq-cat__add"
                  onClick={() => setEditing({ kind: 'faq', categoryId: c.id })}
                >
                  <Icon name="plus" size={16} />
                  {t('faqAdmin.addFaq')}
                </button>
              )}
            </section>
          ),
        )}
      </div>
    </div>
  );
}

const nextOrder = (items: ReadonlyArray<{ sortOrder: number }>) =>
  items.length ? Math.min(10000, Math.max(...items.map((i) => i.sortOrder)) + 10) : 10;

/** Which other languages are written (the rest show ja on /faq/). */
function Langs({ texts }: { texts: Partial<Record<string, string | undefined>> }) {
  const t = useAdminT();
  const written = writtenOf(texts);
  return (
    <span className="adm-langs">
      {LOCALES.filter((l) => l !== 'ja').map((l) => (
        <span
          key={l}
          className={`adm-langs__one${written.includes(l) ? ' is-written' : ''}`}
          title={written.includes(l) ? t('couponForm.written') : t('couponForm.fallsBack')}
          lang={l}
        >
          {l}
        </span>
      ))}
    </span>
  );
}

function useSave(onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (found: Record<string, string>, save: () => Promise<unknown>, summary: (n: number) => string) => {
    setErrors(found);
    if (Object.keys(found).length) {
      setAlert(summary(Object.keys(found).length));
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      await save();
      onSaved();
    } catch (err) {
      if (err instanceof AdminApiError) setErrors(err.fields);
      setAlert(adminMessageOf(err));
      setSaving(false);
    }
  };
  return { errors, alert, saving, run };
}

function OrderField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const t = useAdminT();
  const id = useId();
  return (
    <div className={`adm-field adm-field--order${error ? ' has-error' : ''}`}>
      <label className="adm-field__label" htmlFor={id}>
        {t('faqAdmin.fields.sortOrder')}
      </label>
      <input
        id={id}
        name="sortOrder"
        className="adm-input"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p className="adm-field__error">{error}</p>
      ) : (
        <p className="adm-field__hint">{t('faqAdmin.sortHint')}</p>
      )}
    </div>
  );
}

const orderError = (v: string, t: ReturnType<typeof useAdminT>) =>
  v === '' || Number(v) > 10000 ? t('faqAdmin.errors.sortOrder') : undefined;

function EditorShell({
  title,
  alert,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  alert: string | null;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useAdminT();
  const hid = useId();
  return (
    <form
      className="adm-card adm-section adm-faq-editor"
      aria-labelledby={hid}
      noValidate
      aria-busy={saving}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="adm-section__title" id={hid}>
        {title}
      </h3>
      {alert && (
        <div className="adm-alert adm-alert--error" role="alert">
          <Icon name="alert" size={20} />
          <span>{alert}</span>
        </div>
      )}
      {children}
      <div className="adm-faq-editor__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onCancel}>
          {t('faqAdmin.cancel')}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={saving}>
          {saving && <span className="adm-spinner adm-spinner--sm" aria-hidden="true" />}
          {saving ? t('couponForm.saving') : t('couponForm.save')}
        </button>
      </div>
    </form>
  );
}

function CategoryEditor({
  category,
  nextOrder: order,
  onCancel,
  onSaved,
}: {
  category: AdminFaqCategory | null;
  nextOrder: number;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const t = useAdminT();
  const [values, setValues] = useState<{ name: LocaleTexts }>({
    name: category ? textsFrom(category.name) : emptyTexts(),
  });
  const [sortOrder, setSortOrder] = useState(String(order));
  const { errors, alert, saving, run } = useSave(onSaved);
  const submit = () => {
    const found = checkTexts(CATEGORY_TEXTS, values, t);
    const oe = orderError(sortOrder, t);
    if (oe) found.sortOrder = oe;
    void run(
      found,
      () => saveFaqCategory({ id: category?.id, name: textsBody(values.name), sortOrder: Number(sortOrder) }),
      (count) => t('couponForm.errors.summary', { count }),
    );
  };
  return (
    <EditorShell
      title={category ? t('faqAdmin.editCategory') : t('faqAdmin.addCategory')}
      alert={alert}
      saving={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <LocaleTextsFields
        fields={CATEGORY_TEXTS}
        values={values}
        errors={errors}
        onChange={(_f, texts) => setValues({ name: texts })}
      />
      <OrderField value={sortOrder} onChange={setSortOrder} error={errors.sortOrder} />
    </EditorShell>
  );
}

function FaqEditor({
  faq,
  categoryId,
  categories,
  nextOrder: order,
  onCancel,
  onSaved,
}: {
  faq: Faq | null;
  categoryId: number;
  categories: AdminFaqCategory[];
  nextOrder: number;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const catId = useId();
  const [values, setValues] = useState<{ question: LocaleTexts; answer: LocaleTexts }>({
    question: faq ? textsFrom(faq.question) : emptyTexts(),
    answer: faq ? textsFrom(faq.answer) : emptyTexts(),
  });
  const [category, setCategory] = useState(categoryId);
  const [sortOrder, setSortOrder] = useState(String(order));
  const { errors, alert, saving, run } = useSave(onSaved);
  const submit = () => {
    const found = checkTexts(FAQ_TEXTS, values, t);
    const oe = orderError(sortOrder, t);
    if (oe) found.sortOrder = oe;
    void run(
      found,
      () =>
        saveFaq({
          id: faq?.id,
          categoryId: category,
          question: textsBody(values.question),
          answer: textsBody(values.answer),
          sortOrder: Number(sortOrder),
        }),
      (count) => t('couponForm.errors.summary', { count }),
    );
  };
  return (
    <EditorShell
      title={faq ? t('faqAdmin.editFaq') : t('faqAdmin.addFaq')}
      alert={alert}
      saving={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <LocaleTextsFields
        fields={FAQ_TEXTS}
        values={values}
        errors={errors}
        onChange={(f, texts) => setValues((v) => ({ ...v, [f]: texts }))}
      />
      <div className="adm-grid-2">
        <div className={`adm-field${errors.categoryId ? ' has-error' : ''}`}>
          <label className="adm-field__label" htmlFor={catId}>
            {t('faqAdmin.fields.categoryOf')}
          </label>
          <select
            id={catId}
            name="categoryId"
            className="adm-select"
            value={category}
            onChange={(e) => setCategory(Number(e.target.value))}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name[locale] || c.name.ja}
              </option>
            ))}
          </select>
          {errors.categoryId && <p className="adm-field__error">{errors.categoryId}</p>}
        </div>
        <OrderField value={sortOrder} onChange={setSortOrder} error={errors.sortOrder} />
      </div>
    </EditorShell>
  );
}
