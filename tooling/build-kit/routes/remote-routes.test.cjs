const { pageImportsInPagesSource, routesInPagesSource } = require('./remote-routes.cjs');

describe('the routes of a remote, read from its pages map', () => {
  it('are the keys of the exported pages object, in order, whatever its type annotation', () => {
    const source = `import { lazyPage } from '@samgyup/shared';
const form = lazyPage(() => import('./form'), (m) => m.Form);
export const pages: RemotePagesModule['pages'] = {
  '/reservation-form': form,
  '/reservationForm': form,
  "/promos": lazyPage(() => import('./promos'), (m) => m.Promos),
};`;
    expect(routesInPagesSource(source)).toEqual(['/reservation-form', '/reservationForm', '/promos']);
    expect(routesInPagesSource("export const pages = { '/a': A } satisfies Pages;")).toEqual(['/a']);
  });

  it('refuses a map whose routes cannot be read without running it', () => {
    expect(() => routesInPagesSource("export const pages = { ...others, '/a': A };")).toThrow(/every key of `pages` must be a route path in quotes, not \.\.\.others/);
    expect(() => routesInPagesSource('export const pages = { [route]: A };')).toThrow(/route path in quotes/);
    expect(() => routesInPagesSource('export const pages = makePages();')).toThrow(/must be written as an object/);
    expect(() => routesInPagesSource("const pages = { '/a': A };")).toThrow(/exports no `pages` map/);
  });
});

describe("what each route's page loads of its own", () => {
  it('is the module of its lazyPage import, through a const or written in the map; none for a page of the pages module itself', () => {
    const source = `import { lazyPage } from '@samgyup/shared';
import { Landing } from './landing';
const form = lazyPage(
  () => import('./form/form-page'),
  (m) => m.Form,
);
const later = lazyPage(loadLater, (m) => m.Later);
export const pages: RemotePagesModule['pages'] = {
  '/reservation': Landing,
  '/reservation-form': form,
  '/reservationForm': form,
  '/promos': lazyPage(() => import('./promos'), (m) => m.Promos),
  '/later': later,
};`;
    expect(pageImportsInPagesSource(source)).toEqual({
      '/reservation': null,
      '/reservation-form': './form/form-page',
      '/reservationForm': './form/form-page',
      '/promos': './promos',
      '/later': null,
    });
  });
});
