import { formatPesos } from '@samgyup/shared';
import { useState } from 'react';
import { ResponsivePhoto } from '../photos/responsive-photo';
import type { MenuItem } from './get-menu-items';

/**
 * A menu item with its photo; the picture falls back to a bundled one when the
 * item has none or it fails to load.
 * `onFirstScreen`: the picture is fetched at once (the largest thing a phone shows first), not lazily.
 */
export function MenuCard({ item, fallbackImage, onFirstScreen = false }: { item: MenuItem; fallbackImage: string; onFirstScreen?: boolean }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const [source, setSource] = useState(item.image_url || fallbackImage);
  const premium = item.is_premium === true || item.is_premium === 1;
  return (
    <li className="menu-card">
      {item.photo && !photoFailed ? (
        <ResponsivePhoto photo={item.photo} alt={item.name} onFirstScreen={onFirstScreen} onError={() => setPhotoFailed(true)} />
      ) : (
        <img
          className="menu-card__image"
          src={item.photo ? fallbackImage : source}
          alt={item.name}
          width={320}
          height={200}
          loading={onFirstScreen ? 'eager' : 'lazy'}
          fetchPriority={onFirstScreen ? 'high' : 'auto'}
          decoding="async"
          onError={() => setSource(fallbackImage)}
        />
      )}
      <div className="menu-card__body">
        <h2 className="menu-card__name">
          {item.name}
          {premium && <span className="menu-card__badge">PREMIUM</span>}
        </h2>
        {item.description && <p className="menu-card__description">{item.description}</p>}
        <p className="menu-card__price">
          <span className="visually-hidden">Price: </span>
          {item.selling_price > 0 ? formatPesos(item.selling_price) : 'Included in unlimited sets'}
        </p>
      </div>
    </li>
  );
}
