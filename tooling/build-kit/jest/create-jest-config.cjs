// One jest setup for every browser workspace: ts-jest on the sources and jsdom.
// @samgyup/shared resolves through its package.json `exports` (which name its
// sources, so tests need no build): a test imports only what a part may.
const path = require('node:path');

/** @param {{ dir: string, environment?: 'jsdom' | 'node', setupFiles?: string[] }} options */
function createJestConfig({ dir, environment = 'jsdom', setupFiles = [] }) {
  return {
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'jsdom-with-fetch-environment.cjs') : 'node',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        'ts-jest',
        {
          tsconfig: path.join(dir, 'tsconfig.json'),
          diagnostics: false,
        },
      ],
    },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-stub.cjs'),
      '\\.(svg|png|jpg|jpeg|webp|avif|woff2?)(\\?(inline|markup))?$': path.join(__dirname, 'file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'setup-globals.cjs')],
    setupFilesAfterEnv: [...(environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : []), ...setupFiles],
    clearMocks: true,
    restoreMocks: true,
  };
}

module.exports = { createJestConfig };
