const { pageMetaInSource } = require('./page-meta.cjs');

describe("what each page says about itself, read from its part's page-meta.ts", () => {
  it('reads plain titles, descriptions, index and canonical, whatever the type annotation, and leaves functions to the renderer', () => {
    const source = `import type { PageMetaMap } from '@samgyup/build-kit/types/page-meta';
export const pageMeta = {
  '/unlimited': { title: 'Unlimited Menu', description: 'Eat all you can.' },
  '/reservationDate': { title: 'Choose a date', index: false, canonical: '/reservation-date' },
} satisfies PageMetaMap;
export const describePage = () => null;`;
    expect(pageMetaInSource(source)).toEqual({
      '/unlimited': { title: 'Unlimited Menu', description: 'Eat all you can.', index: true },
      '/reservationDate': { title: 'Choose a date', index: false, canonical: '/reservation-date' },
    });
  });

  it('refuses what cannot be read without running the code, and a public page without a description', () => {
    expect(() => pageMetaInSource("export const pageMeta = { '/a': { title: makeTitle() } };")).toThrow(/\/a's title must be a plain string/);
    expect(() => pageMetaInSource("export const pageMeta = { '/a': { title: 'A' } };")).toThrow(/\/a may be indexed, so it needs a description/);
    expect(() => pageMetaInSource("export const pageMeta = { '/a': { title: 'A', index: false, robots: 'no' } };")).toThrow(/may only say title, description, canonical, index/);
    expect(() => pageMetaInSource('export const pageMeta = { ...others };')).toThrow(/every entry of `pageMeta`/);
    expect(() => pageMetaInSource("export const pageMeta = { '/a': { title: 'A', index: false, canonical: 'https://evil.example/' } };")).toThrow(/canonical must be a path/);
    expect(() => pageMetaInSource('export const pages = {};')).toThrow(/exports no `pageMeta` map/);
  });
});
