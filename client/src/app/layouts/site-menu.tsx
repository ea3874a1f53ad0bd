import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useRunningRallyId } from '../../features/campaign';
import { useT, type MessageKey } from '../../lib/i18n';
import { paths, useLocalePath, type PageId } from '../../lib/paths';
import { COMING_SOON_PAGES } from '../coming-soon-pages';
import './site-menu.css';

type Item = {
  key: string;
  label: MessageKey;
  sub: MessageKey;
  to: string;
  icon: string;
  /** The page it leads to: items of pages not built yet are left out. */
  page: PageId;
  rally?: boolean;
};

/** Outline icons (24-unit grid), one path each. */
const ICONS = {
  top: 'M3.5 11 12 4l8.5 7M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  coupon:
    'M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5V14a2 2 0 0 0 0-4zM14.5 7v1.5m0 2.5v2m0 2.5V17',
  rally: 'M5 21V4m0 1h11.5l-2.2 4 2.2 4H5',
  stamps: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-3.5 8.7 2.5 2.5 4.5-5',
  present: 'M4 11h16v9H4zM3 7.5h18V11H3zM12 7.5V20M12 7.5C10.5 4 7 4 7 6s3 1.5 5 1.5c2 0 5 .5 5-1.5s-3.5-2-5 1.5',
  location: 'M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  status: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  faq: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.8-2.5 2.3-2.5 3.8M12 17h.01',
  contact: 'M3.5 6.5h17v11h-17zM4 7l8 6.5L20 7',
} as const;

/**
 * Spec 2: the hamburger menu TOP, COUPON, RALLY, MY STAMPS, PRESENT, LOCATION, STATUS, FAQ,
 * CONTACT. RALLY, MY STAMPS and PRESENT link to the running rally and show only while one
 * runs; an item whose screen is not built yet (app/coming-soon-pages) is left out until it
 * is. A modal dialog (focus kept inside, Escape and the backdrop close it).
 */
export function SiteMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const to = useLocalePath();
  const rallyId = useRunningRallyId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  // Going to another page (a link, the back button) closes the menu.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onClose();
  }, [pathname, onClose]);

  const items: Item[] = [
    { key: 'top', page: 'home', label: 'menu.top', sub: 'menu.topSub', to: paths.home(), icon: ICONS.top },
    {
      key: 'coupon',
      page: 'couponList',
      label: 'menu.coupon',
      sub: 'menu.couponSub',
      to: paths.couponList(),
      icon: ICONS.coupon,
    },
    {
      key: 'rally',
      page: 'stampRally',
      label: 'menu.rally',
      sub: 'menu.rallySub',
      to: paths.stampRally(rallyId),
      icon: ICONS.rally,
      rally: true,
    },
    {
      key: 'stamps',
      page: 'stamps',
      label: 'menu.myStamps',
      sub: 'menu.myStampsSub',
      to: paths.stamps(rallyId),
      icon: ICONS.stamps,
      rally: true,
    },
    {
      key: 'present',
      page: 'prize',
      label: 'menu.present',
      sub: 'menu.presentSub',
      to: paths.prize(rallyId),
      icon: ICONS.present,
      rally: true,
    },
    {
      key: 'location',
      page: 'nearbyCoupons',
      label: 'menu.location',
      sub: 'menu.locationSub',
      to: paths.nearbyCoupons(),
      icon: ICONS.location,
    },
    {
      key: 'status',
      page: 'point',
      label: 'menu.status',
      sub: 'menu.statusSub',
      to: paths.point(),
      icon: ICONS.status,
    },
    { key: 'faq', page: 'faq', label: 'menu.faq', sub: 'menu.faqSub', to: paths.faq(), icon: ICONS.faq },
    {
      key: 'contact',
      page: 'contact',
      label: 'menu.contact',
      sub: 'menu.contactSub',
      to: paths.contact(),
      icon: ICONS.contact,
    },
  ];

  return (
    <dialog
      ref={dialog}
      id="site-menu"
      className="menu-drawer"
      aria-labelledby="site-menu-title"
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="menu-drawer__body">
        <div className="menu-drawer__head">
          <h2 id="site-menu-title" className="menu-drawer__title">
            {t('nav.menu')}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('nav.closeMenu')}>
            <svg
              viewBox="0 0 24 24"
              width="22"
              height="22"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <nav aria-labelledby="site-menu-title">
          <ul className="menu-list" data-testid="menu-list">
            {items
              .filter(
                (item) =>
                  !(COMING_SOON_PAGES as readonly PageId[]).includes(item.page) &&
                  (!item.rally || rallyId !== undefined),
              )
              .map((item) => (
                <li key={item.key}>
                  <NavLink className="menu-item" to={to(item.to)} end data-menu={item.key} onClick={onClose}>
                    <span className={`menu-item__icon menu-item__icon--${item.key}`} aria-hidden="true">
                      <svg
                        viewBox="0 0 24 24"
                        width="22"
                        height="22"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      >
                        <path d={item.icon} />
                      </svg>
                    </span>
                    <span className="menu-item__text">
                      <span className="menu-item__label">{t(item.label)}</span>
                      <span className="menu-item__sub">{t(item.sub)}</span>
                    </span>
                    <svg
                      className="menu-item__chevron"
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    >
                      <path d="M9 5l7 7-7 7" />
                    </svg>
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
