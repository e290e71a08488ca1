import { siteConfig } from '@samgyup/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useShownSettings } from './use-shown-settings';
import './site-footer.css';

const FACEBOOK_ICON = 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z';
const INSTAGRAM_ICON =
  'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM17 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 2c-2.7 0-3 0-4.1.1C4.5 2.3 2.3 4.5 2.1 7.9 2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.4 2.4 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.4-.2 5.6-2.4 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.4-2.4-5.6-5.8-5.8C15 2 14.7 2 12 2z';
const TIKTOK_ICON =
  'M16.5 3c.4 2.3 1.8 3.7 4 4v3.3c-1.5.1-2.8-.4-4-1.2v6.4c0 3.6-2.6 6-5.8 6-3.3 0-5.7-2.6-5.4-5.9.3-3 2.9-5.2 6-4.9v3.4c-1.5-.3-2.8.6-2.9 2-.1 1.4 1 2.4 2.3 2.4 1.4 0 2.4-1 2.4-2.6V3h3.4z';

/**
 * A network's icon by the exact host its link goes to, never by the name the
 * owner typed (a link named Facebook to another site shows that name instead).
 * A Map: a host such as "constructor" finds nothing on Object.prototype.
 */
const SOCIAL_ICONS = new Map<string, string>([
  ['facebook.com', FACEBOOK_ICON],
  ['www.facebook.com', FACEBOOK_ICON],
  ['m.facebook.com', FACEBOOK_ICON],
  ['instagram.com', INSTAGRAM_ICON],
  ['www.instagram.com', INSTAGRAM_ICON],
  ['tiktok.com', TIKTOK_ICON],
  ['www.tiktok.com', TIKTOK_ICON],
]);

function socialIcon(href: string): string | undefined {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? SOCIAL_ICONS.get(url.hostname) : undefined;
  } catch {
    return undefined;
  }
}

function QuickLink({ label, to }: { label: string; to: string }) {
  if (/^(mailto|tel):/.test(to)) return <a href={to}>{label}</a>;
  return <Link to={to}>{label}</Link>;
}

/** A footer column under its heading, which names it for screen readers. */
function FooterColumn({ id, title, nav = false, children }: { id: string; title: string; nav?: boolean; children: ReactNode }) {
  const Column = nav ? 'nav' : 'section';
  return (
    <Column aria-labelledby={id}>
      <h2 id={id} className="site-footer__title">
        {title}
      </h2>
      {children}
    </Column>
  );
}

/** The shared footer: brand blurb, social links, quick links, contact details and opening time, as the owner set them. */
export function SiteFooter() {
  const { contact, social_links: social, opening_text: openingText } = useShownSettings();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <FooterColumn id="footer-brand" title={siteConfig.brandName}>
          <p>{siteConfig.footerBlurb}</p>
          <ul className="site-footer__social" aria-label="Social media">
            {social.map((link) => {
              const icon = socialIcon(link.href);
              return (
                <li key={`${link.label} ${link.href}`}>
                  <a href={link.href} rel="noopener noreferrer" target="_blank" aria-label={`${siteConfig.brandName} on ${link.label}`}>
                    {icon ? (
                      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                        <path d={icon} fill="currentColor" />
                      </svg>
                    ) : (
                      <span aria-hidden="true">{link.label}</span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-links" title="Quick Links" nav>
          <ul className="site-footer__links">
            {siteConfig.quickLinks.map((link) => (
              <li key={link.label}>
                <QuickLink {...link} />
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-contact" title="Contact Us">
          <address className="site-footer__contact">
            <p>{contact.address}</p>
            <p>
              <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
            </p>
            <p>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
            <p>{openingText}</p>
          </address>
        </FooterColumn>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {siteConfig.brandName}. All rights reserved.
      </p>
    </footer>
  );
}
