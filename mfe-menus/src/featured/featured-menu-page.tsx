import { formatPesos } from '@samgyup/shared';
import cup from '../assets/menu-cup.svg';
import chicken from '../assets/menu-chicken.svg';
import pork from '../assets/menu-pork.svg';
import sides from '../assets/menu-sides.svg';
import { popularPicks } from './popular-picks';
import '../styles/menus.css';

const pictures = [pork, cup, sides, sides, chicken];

export function FeaturedMenuPage() {
  return (
    <section className="menu-page" aria-labelledby="featured-title">
      <h1 id="featured-title">Featured Menu Items</h1>
      <p className="menu-page__intro">Our popular picks, loved by regulars.</p>
      <ul className="menu-list">
        {popularPicks.map((pick, index) => (
          <li key={pick.name} className="menu-card">
            <img
              className="menu-card__image"
              src={pictures[index]}
              alt={pick.name}
              width={320}
              height={200}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
            <div className="menu-card__body">
              <h2 className="menu-card__name">{pick.name}</h2>
              <p className="menu-card__description">{pick.description}</p>
              <p className="menu-card__price">
                <span className="visually-hidden">Price: </span>
                {formatPesos(pick.price)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
