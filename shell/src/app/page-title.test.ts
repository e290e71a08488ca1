import { pageMeta } from '../page-meta';
import { fullTitle, shellPageTitle } from './page-title';
import { routes } from './routes';

const ownPaths = (routes[0].children ?? []).filter((route) => route.path !== '*').map((route) => (route.index ? '/' : `/${route.path}`));

describe("the shell's page titles", () => {
  it('describes every page the shell owns, and only those', () => {
    expect(Object.keys(pageMeta).sort()).toEqual([...ownPaths].sort());
  });

  it('names each page with the site after it, distinctly', () => {
    expect(shellPageTitle('/terms')).toBe('Terms & Conditions · Samgyup Plaridel');
    expect(shellPageTitle('/login/')).toBe('Log in · Samgyup Plaridel');
    expect(shellPageTitle('/')).toBe('Samgyup Plaridel · Unlimited Korean barbecue in Plaridel, Bulacan');
    expect(shellPageTitle('/unlimited')).toBeNull();
    const titles = ownPaths.map((path) => shellPageTitle(path));
    expect(new Set(titles).size).toBe(titles.length);
    expect(fullTitle(undefined)).toBe('Samgyup Plaridel');
  });
});
