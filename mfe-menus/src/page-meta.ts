import type { DescribePage, PageMetaMap } from '@samgyup/build-kit/types/page-meta';
import type { PublicMenuItem, PublicPromo } from '@samgyup/shared/validation';
import type { Menu, Offer, WithContext } from 'schema-dts';
import { menuPath, readMenuItems, type MenuEndpoint } from './menu-list/get-menu-items';
import { hasEnded, PROMOS_PATH, readPromos } from './promos/promos';

export const pageMeta = {
  '/featuremenu': {
    title: 'Featured Menu',
    description: 'The dishes Samgyup Plaridel is known for: marinated pork and beef for the grill, Korean stews and sides, with prices in pesos.',
  },
  '/unlimited': {
    title: 'Unlimited Menu',
    description: 'Eat-all-you-can samgyupsal sets in Plaridel, Bulacan: unlimited pork and beef, rice, side dishes and drinks, grilled at your table.',
  },
  '/alacarte': {
    title: 'Ala Carte Menu',
    description: 'Korean barbecue cuts, stews and rice dishes to order one at a time at Samgyup Plaridel, with prices in pesos.',
  },
  '/sidedish': {
    title: 'Side Dishes',
    description: 'Kimchi, banchan and the other side dishes served with every samgyupsal set at Samgyup Plaridel.',
  },
  '/promos': {
    title: 'Promos',
    description: 'Current promos of Samgyup Plaridel: group and birthday deals on unlimited Korean barbecue in Plaridel, Bulacan.',
  },
} satisfies PageMetaMap;

const MENUS: Record<string, { endpoint: MenuEndpoint; name: string }> = {
  '/featuremenu': { endpoint: 'featured', name: 'Featured Menu' },
  '/unlimited': { endpoint: 'unlimited', name: 'Unlimited Menu' },
  '/alacarte': { endpoint: 'alacarte', name: 'Ala Carte Menu' },
  '/sidedish': { endpoint: 'sidedishes', name: 'Side Dishes' },
};

const SHOWN_NAMES = 4;
const pesos = (amount: number) => amount.toFixed(2);
/** The 1200 × 630 link-preview card the API makes of a photo. */
const shareCard = (photo: { path: string } | null | undefined) => (photo ? `${photo.path}/share-card.jpg` : undefined);

function listOfNames(names: string[]): string {
  const shown = names.slice(0, SHOWN_NAMES);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function describeMenu(route: string, items: PublicMenuItem[]) {
  const menu = MENUS[route];
  const intro = pageMeta[route as keyof typeof pageMeta].description;
  const structuredData: WithContext<Menu> = {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: `${menu.name} · Samgyup Plaridel`,
    hasMenuSection: {
      '@type': 'MenuSection',
      name: menu.name,
      hasMenuItem: items.map((item) => ({
        '@type': 'MenuItem',
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        offers: { '@type': 'Offer', price: pesos(item.selling_price), priceCurrency: 'PHP' },
      })),
    },
  };
  return {
    description: items.length > 0 ? `${listOfNames(items.map((item) => item.name))}. ${intro}` : intro,
    image: shareCard(items.find((item) => item.photo)?.photo),
    structuredData: [structuredData],
  };
}

function describePromos(promos: PublicPromo[], now: Date) {
  const current = promos.filter((promo) => !hasEnded(promo.ends_on, now));
  const dates = (promo: PublicPromo) =>
    promo.ends_on ? ` (until ${new Date(`${promo.ends_on}T00:00:00Z`).toLocaleDateString('en-PH', { month: 'long', day: 'numeric', timeZone: 'UTC' })})` : '';
  return {
    description:
      current.length > 0 ? `${listOfNames(current.map((promo) => `${promo.title}${dates(promo)}`))}. ${pageMeta['/promos'].description}` : pageMeta['/promos'].description,
    image: shareCard(current.find((promo) => promo.photo)?.photo),
    structuredData: current.map((promo): WithContext<Offer> => ({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: promo.title,
      description: promo.summary,
      ...(promo.starts_on ? { validFrom: promo.starts_on } : {}),
      ...(promo.ends_on ? { validThrough: promo.ends_on } : {}),
      offeredBy: { '@type': 'Restaurant', name: 'Samgyup Plaridel' },
    })),
  };
}

/** Menus name their items and prices, promos their dates, from the answers their first screens were drawn with. */
export const describePage: DescribePage = (route, answers) => {
  if (route === '/promos') return answers[PROMOS_PATH] ? describePromos(readPromos(answers[PROMOS_PATH]), new Date()) : null;
  const menu = MENUS[route];
  const answer = menu && answers[menuPath(menu.endpoint)];
  return answer ? describeMenu(route, readMenuItems(answer)) : null;
};
