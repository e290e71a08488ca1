import path from 'node:path';
import webpack from 'webpack';

export const fixtureRemoteDir = path.resolve(__dirname, '..', '..', 'fixtures', 'seasonal-remote');

/** Builds the fixture remote with the same federation setup as the real remotes. */
export function buildFixtureRemote(): Promise<string> {
  const configFactory = require(path.join(fixtureRemoteDir, 'webpack.config.cjs'));
  const config = configFactory({}, { mode: 'production' });
  return new Promise((resolve, reject) => {
    webpack({ ...config, devtool: false }, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(path.join(fixtureRemoteDir, 'dist'));
    });
  });
}
