// Inlined (about 1 KB each): the first card's picture is these pages' largest paint,
// and it then needs no request of its own once the menu is in.
import beef from '../assets/menu-beef.svg?inline';
import chicken from '../assets/menu-chicken.svg?inline';
import cup from '../assets/menu-cup.svg?inline';
import pork from '../assets/menu-pork.svg?inline';
import sides from '../assets/menu-sides.svg?inline';
import { useApiData } from '@samgyup/shared';
import { getMenuItems, menuPath, readMenuItems, type MenuEndpoint } from './get-menu-items';
import { MenuCard } from './menu-card';
import '../styles/menus.css';

export interface MenuListConfig {
  endpoint: MenuEndpoint;
  title: string;
  intro: string;
  /** Completes 'Unable to load … at the moment. Please try again later.' */
  errorSubject: string;
  emptyText: string;
  loadingText: string;
  fallbackImages: string[];
}

/** One menu list from the API, with its loading, error and empty states. */
export function MenuListPage({ config }: { config: MenuListConfig }) {
  const { state, retry } = useApiData(`the ${config.endpoint} menu`, (signal) => getMenuItems(config.endpoint, signal), {
    path: menuPath(config.endpoint),
    read: readMenuItems,
  });
  return (
    <section className="menu-page" aria-labelledby={`${config.endpoint}-title`}>
      <h1 id={`${config.endpoint}-title`}>{config.title}</h1>
      <p className="menu-page__intro">{config.intro}</p>
      {state.status === 'loading' && (
        <p className="menu-page__status" role="status">
          {config.loadingText}
        </p>
      )}
      {state.status === 'error' && (
        <div className="menu-page__status menu-page__status--error" role="alert">
          <p>Unable to load {config.errorSubject} at the moment. Please try again later.</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && <p className="menu-page__status">{config.emptyText}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="menu-list">
          {state.data.map((item, index) => (
            <MenuCard key={item.id} item={item} fallbackImage={config.fallbackImages[index % config.fallbackImages.length]} onFirstScreen={index === 0} />
          ))}
        </ul>
      )}
    </section>
  );
}

export const menuLists: Record<'featured' | 'unlimited' | 'alacarte' | 'sidedish', MenuListConfig> = {
  featured: {
    endpoint: 'featured',
    title: 'Featured Menu Items',
    intro: 'Our popular picks, loved by regulars.',
    errorSubject: 'the featured menu',
    emptyText: 'No featured menu items yet.',
    loadingText: 'Loading the featured menu...',
    fallbackImages: [pork, cup, sides, sides, chicken],
  },
  unlimited: {
    endpoint: 'unlimited',
    title: 'Unlimited Menu',
    intro: 'Every unlimited set comes with unlimited rice, side dishes and drinks for 90 minutes.',
    errorSubject: 'the unlimited menu',
    emptyText: 'No unlimited menu items available yet.',
    loadingText: 'Loading the unlimited menu...',
    fallbackImages: [pork, beef, chicken],
  },
  alacarte: {
    endpoint: 'alacarte',
    title: 'Ala Carte Menu',
    intro: 'Bento cups, tubs of kimchi and extras, to add to your table or take home.',
    errorSubject: 'the ala carte menu',
    emptyText: 'No ala carte menu items available yet.',
    loadingText: 'Loading the ala carte menu...',
    fallbackImages: [cup, chicken, sides, beef],
  },
  sidedish: {
    endpoint: 'sidedishes',
    title: 'Side Dishes',
    intro: 'Banchan served with every unlimited set, refilled as often as you like.',
    errorSubject: 'side dishes',
    emptyText: 'No side dishes available yet.',
    loadingText: 'Loading side dishes...',
    fallbackImages: [sides],
  },
};

export const FeaturedMenuPage = () => <MenuListPage config={menuLists.featured} />;
export const UnlimitedMenuPage = () => <MenuListPage config={menuLists.unlimited} />;
export const AlaCarteMenuPage = () => <MenuListPage config={menuLists.alacarte} />;
export const SideDishesPage = () => <MenuListPage config={menuLists.sidedish} />;
