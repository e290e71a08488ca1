import { formatPesos } from '@samgyup/shared';
import { popularPicks } from './popular-picks';

export function FeaturedMenuPage() {
  return (
    <section className="menu-page" aria-labelledby="featured-title">
      <h1 id="featured-title">Featured Menu Items</h1>
      <p>Our popular picks, loved by regulars.</p>
      <ul className="menu-list">
        {popularPicks.map((pick) => (
          <li key={pick.name} className="menu-card">
            <h2 className="menu-card__name">{pick.name}</h2>
            <p className="menu-card__description">{pick.description}</p>
            <p className="menu-card__price">{formatPesos(pick.price)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
