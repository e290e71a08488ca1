import { siteConfig } from '@samgyup/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import './site-header.css';

const { home, menu, links } = siteConfig.navigation;

/** The shared header: brand, every navigation link, the Menu dropdown and the mobile toggle. */
export function SiteHeader({ accountArea }: { accountArea?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const dropdownId = useId();
  const dropdownRef = useRef<HTMLLIElement>(null);
  const location = useLocation();

  const closeAll = () => {
    setOpen(false);
    setMenuOpen(false);
  };

  // Any navigation (link, back button) closes the menus.
  useEffect(closeAll, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!dropdownRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__brand" onClick={closeAll}>
          <span aria-hidden="true" className="site-header__logo">
            🔥
          </span>
          {siteConfig.brandName}
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="site-header__toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{open ? 'Close navigation' : 'Open navigation'}</span>
        </button>
        <nav id={navId} aria-label="Main" className={`site-nav ${open ? 'site-nav--open' : ''}`}>
          <ul className="site-nav__list">
            <li>
              <NavLink to={home.to} end onClick={closeAll}>
                {home.label}
              </NavLink>
            </li>
            <li className="site-nav__dropdown" ref={dropdownRef}>
              <div className="site-nav__dropdown-head">
                <NavLink to={menu.to} end onClick={closeAll}>
                  {menu.label}
                </NavLink>
                <button
                  type="button"
                  className="site-nav__dropdown-toggle"
                  aria-expanded={menuOpen}
                  aria-controls={dropdownId}
                  onClick={() => setMenuOpen((value) => !value)}
                >
                  <span className="visually-hidden">Show menu pages</span>
                  <span aria-hidden="true">▾</span>
                </button>
              </div>
              <ul id={dropdownId} className="site-nav__submenu" hidden={!menuOpen}>
                {menu.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} onClick={closeAll}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} onClick={closeAll}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {accountArea && <div className="site-nav__account">{accountArea}</div>}
        </nav>
      </div>
    </header>
  );
}
