-- What diners' browsers report about each release (issue #35): counts per
-- minute, part, version and page, and web-vital values in buckets, so a canary
-- can be compared with the stable version. No visitor, address or full URL is
-- kept: a route is a path without its query, and an error is a count.

CREATE TABLE browser_report_minutes (
  minute          timestamptz NOT NULL,
  part            text NOT NULL CHECK (part ~ '^[a-z][a-z0-9_]{0,39}$'),
  version         text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,59}$'),
  route           text NOT NULL CHECK (length(route) BETWEEN 1 AND 100),
  shell_version   text NOT NULL CHECK (shell_version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,59}$'),
  page_views      integer NOT NULL DEFAULT 0 CHECK (page_views >= 0),
  loads_ok        integer NOT NULL DEFAULT 0 CHECK (loads_ok >= 0),
  -- A remote that did not load, by the phase that failed.
  failed_manifest integer NOT NULL DEFAULT 0 CHECK (failed_manifest >= 0),
  failed_entry    integer NOT NULL DEFAULT 0 CHECK (failed_entry >= 0),
  failed_chunk    integer NOT NULL DEFAULT 0 CHECK (failed_chunk >= 0),
  failed_timeout  integer NOT NULL DEFAULT 0 CHECK (failed_timeout >= 0),
  -- Errors caught by the part's error boundary, thrown from its code, or rejected promises of its files.
  errors          integer NOT NULL DEFAULT 0 CHECK (errors >= 0),
  PRIMARY KEY (minute, part, version, route, shell_version)
);
CREATE INDEX browser_report_minutes_by_part ON browser_report_minutes (part, version, minute);

-- Web vitals in buckets whose upper bounds grow by a quarter (LCP and INP in
-- milliseconds, CLS in thousandths): a p75 over any window is read from the
-- sums of counts, within a quarter of the true value.
CREATE TABLE browser_vital_buckets (
  minute        timestamptz NOT NULL,
  part          text NOT NULL CHECK (part ~ '^[a-z][a-z0-9_]{0,39}$'),
  version       text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,59}$'),
  route         text NOT NULL CHECK (length(route) BETWEEN 1 AND 100),
  metric        text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS')),
  bucket        integer NOT NULL CHECK (bucket BETWEEN 0 AND 100),
  count         integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (minute, part, version, route, metric, bucket)
);
CREATE INDEX browser_vital_buckets_by_part ON browser_vital_buckets (part, version, minute);
