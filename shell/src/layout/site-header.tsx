import { siteConfig } from '@samgyup/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import './site-header.css';

const { home, menu, links } = siteConfig.navigation;

/** A link of the main navigation; following it closes the menus. */
function NavItem({ to, label, end, onClick }: { to: string; label: string; end?: boolean; onClick: () => void }) {
  return (
    <li>
      <NavLink to={to} end={end} onClick={onClick}>
        {label}
      </NavLink>
    </li>
  );
}

/** A button that shows and hides the element with the id `controls`. */
function ToggleButton({ className, open, controls, onToggle, children }: { className: string; open: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className={className} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}

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
          <svg aria-hidden="true" className="site-header__logo" viewBox="0 0 24 24" width="22" height="22" focusable="false">
            <path
              fill="currentColor"
              d="M12 2c.6 3.2-1 5.2-2.6 7.1C8 10.8 6.5 12.6 6.5 15.3A5.5 5.5 0 0 0 12 21a5.5 5.5 0 0 0 5.5-5.7c0-2.6-1.2-4.5-2.5-6-.2 1.6-1 2.8-2.2 3.4.4-3.7-.2-7.6-.8-10.7Zm-.3 11.4c.3 1.6 1.9 2.2 1.9 4a1.7 1.7 0 0 1-3.4 0c0-1.7 1.1-2.4 1.5-4Z"
            />
          </svg>
          {siteConfig.brandName}
        </Link>
        <ToggleButton className="site-header__toggle" open={open} controls={navId} onToggle={() => setOpen((value) => !value)}>
          <span className="site-header__toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{open ? 'Close navigation' : 'Open navigation'}</span>
        </ToggleButton>
        <nav id={navId} aria-label="Main" className={`site-nav ${open ? 'site-nav--open' : ''}`}>
          <ul className="site-nav__list">
            <NavItem to={home.to} label={home.label} end onClick={closeAll} />
            <li
              className="site-nav__dropdown"
              ref={dropdownRef}
              onBlur={(event) => {
                // Keyboard focus moving on past the dropdown closes it, as a click elsewhere does.
                if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
              }}
            >
              <div className="site-nav__dropdown-head">
                <NavLink to={menu.to} end onClick={closeAll}>
                  {menu.label}
                </NavLink>
                <ToggleButton className="site-nav__dropdown-toggle" open={menuOpen} controls={dropdownId} onToggle={() => setMenuOpen((value) => !value)}>
                  <span className="visually-hidden">Show menu pages</span>
                  <span className="site-nav__caret" aria-hidden="true" />
                </ToggleButton>
              </div>
              <ul id={dropdownId} className="site-nav__submenu" hidden={!menuOpen}>
                {menu.items.map((item) => (
                  <NavItem key={item.to} to={item.to} label={item.label} onClick={closeAll} />
                ))}
              </ul>
            </li>
            {links.map((item) => (
              <NavItem key={item.to} to={item.to} label={item.label} onClick={closeAll} />
            ))}
          </ul>
          {accountArea && <div className="site-nav__account">{accountArea}</div>}
        </nav>
      </div>
    </header>
  );
}
