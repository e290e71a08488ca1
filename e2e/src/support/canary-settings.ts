/** How the suite's API judges canaries (global-setup.ts): what canaries.e2e.test.ts waits for. */
export const E2E_CANARY = { minPageViews: 4, soakSeconds: 60 };
