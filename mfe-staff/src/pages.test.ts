import packageJson from '../package.json';
import { pages } from './pages';

describe('exposed pages', () => {
  it('has exactly one page for every route the remote declares to the shell', () => {
    expect(Object.keys(pages).sort()).toEqual([...packageJson.federation.routes].sort());
  });
});
