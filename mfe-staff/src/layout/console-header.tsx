import { Link, siteConfig } from '@samgyup/shared';
import type { ReactNode } from 'react';

/** The console's own header (the shell leaves the diners' header off /staff): the site's name, back to it, and what the screen adds. */
export function ConsoleHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="staff-console__bar">
      <Link to="/" className="staff-console__brand">
        {siteConfig.brandName} <span className="staff-console__brand-part">Staff console</span>
      </Link>
      {children}
    </header>
  );
}
