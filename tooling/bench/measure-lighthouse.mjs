// Lighthouse, offline, with the Debian Chromium; the median of several runs.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function lighthouseScores({ url, chromePath, chromeFlags, runs = 3, formFactor = 'mobile' }) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const chrome = await launch({ chromePath, chromeFlags, logLevel: 'silent' });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      const { categories, audits } = result.lhr;
      results.push({
        scores: Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)])),
        metrics: {
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        },
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  return {
    url,
    formFactor,
    runs,
    scores: Object.fromEntries(CATEGORIES.map((name) => [name, median(results.map((r) => r.scores[name]))])),
    metrics: Object.fromEntries(Object.keys(results[0].metrics).map((name) => [name, median(results.map((r) => r.metrics[name]))])),
    failingAudits: [...new Set(results.flatMap((r) => r.failing))],
  };
}
