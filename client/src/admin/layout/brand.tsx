import { Link } from 'react-router-dom';
import { useAdminT } from '../lib/i18n';
import { adminPaths } from '../lib/paths';
import { PassportMark } from './icons';

/** The admin title (spec 1: it names a travelling mascot passport). */
export function Brand({ large = false, link = true }: { large?: boolean; link?: boolean }) {
  const t = useAdminT();
  const inner = (
    <>
      <PassportMark size={large ? 56 : 34} />
      <span className="adm-brand__text">
        <span className="adm-brand__title">{t('app.title')}</span>
        <span className="adm-brand__sub">{t('app.subtitle')}</span>
      </span>
    </>
  );
  const cls = `adm-brand${large ? ' adm-brand--large' : ''}`;
  return link ? (
    <Link to={adminPaths.index()} className={cls}>
      {inner}
    </Link>
  ) : (
    <div className={cls}>{inner}</div>
  );
}
