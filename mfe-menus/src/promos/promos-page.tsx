import { Link } from '@samgyup/shared';
import { hasEnded, promos } from './promos';
import '../styles/menus.css';

export function PromosPage({ now = new Date() }: { now?: Date }) {
  return (
    <section className="menu-page" aria-labelledby="promos-title">
      <h1 id="promos-title">Promos</h1>
      <ul className="promo-list">
        {promos.map((promo) => {
          const ended = hasEnded(promo.validUntil, now);
          return (
            <li key={promo.id} className={`promo-card ${ended ? 'promo-card--ended' : ''}`}>
              <h2>{promo.title}</h2>
              {ended && <p className="promo-card__ended">This promo has ended.</p>}
              <p>{promo.summary}</p>
              <ul>
                {promo.terms.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <Link className="button" to="/reservation">
        Claim your table
      </Link>
    </section>
  );
}
