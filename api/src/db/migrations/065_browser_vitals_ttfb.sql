-- Time to first byte joins the web vitals the shell reports (issue #35): the
-- server's and the network's share of a slow page, apart from the page's own.
ALTER TABLE browser_vital_buckets DROP CONSTRAINT browser_vital_buckets_metric_check;
ALTER TABLE browser_vital_buckets ADD CONSTRAINT browser_vital_buckets_metric_check CHECK (metric IN ('LCP', 'INP', 'CLS', 'TTFB'));
