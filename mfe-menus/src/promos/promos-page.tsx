import { Link, useApiData } from '@samgyup/shared';
import { useState } from 'react';
import type { PublicPromo } from '@samgyup/shared/validation';
import { ResponsivePhoto } from '../photos/responsive-photo';
import { getPromos, hasEnded, PROMOS_PATH, readPromos } from './promos';
import '../styles/menus.css';

/** /promos: the promos staff keep on show, each with its terms; an ended one says so. */
export function PromosPage({ now = new Date() }: { now?: Date }) {
  const { state, retry } = useApiData('promos', getPromos, { path: PROMOS_PATH, read: readPromos });
  return (
    <section className="menu-page" aria-labelledby="promos-title">
      <h1 id="promos-title">Promos</h1>
      {state.status === 'loading' && (
        <p className="menu-page__status" role="status">
          Loading promos...
        </p>
      )}
      {state.status === 'error' && (
        <div className="menu-page__status menu-page__status--error" role="alert">
          <p>Unable to load promos at the moment. Please try again later.</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="menu-page__status">No promos are running right now. Come back soon!</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="promo-list">
          {state.data.map((promo, index) => (
            <PromoCard key={promo.id} promo={promo} ended={hasEnded(promo.ends_on, now)} onFirstScreen={index === 0} />
          ))}
        </ul>
      )}
      <Link className="button" to="/reservation">
        Claim your table
      </Link>
    </section>
  );
}

function PromoCard({ promo, ended, onFirstScreen }: { promo: PublicPromo; ended: boolean; onFirstScreen: boolean }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  return (
    <li className={`promo-card ${ended ? 'promo-card--ended' : ''}`}>
      {promo.photo && !photoFailed && (
        <div className="promo-card__photo">
          <ResponsivePhoto photo={promo.photo} alt={promo.title} onFirstScreen={onFirstScreen} onError={() => setPhotoFailed(true)} />
        </div>
      )}
      <h2>{promo.title}</h2>
      {ended && <p className="promo-card__ended">This promo has ended.</p>}
      {promo.summary && <p>{promo.summary}</p>}
      {promo.terms.length > 0 && (
        <ul>
          {promo.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
