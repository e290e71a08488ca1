/** What a page says about itself to search engines and link previews (tooling/build-kit/routes/page-meta.cjs). */
export interface PageMeta {
  /** The page's own name, without the site's: "Unlimited Menu". */
  title: string;
  /** One or two sentences a search result or link preview shows. Required when the page may be indexed. */
  description?: string;
  /** false: a private or staff page, kept out of search (noindex) and out of the sitemap. */
  index?: boolean;
  /** Another path of the same page (an alias): search engines are sent there. */
  canonical?: string;
}

/** Every route of the part, written as plain values (the build reads them without running code). */
export type PageMetaMap = Record<string, PageMeta>;

/** What a page says from its live data, drawn by the part's first-screen renderer with the API's answers. */
export interface LivePageMeta {
  description?: string;
  /** An absolute URL or an API path of a picture of the page (a menu item's photo). */
  image?: string;
  /** schema.org JSON-LD objects describing the page's content. */
  structuredData?: object[];
}

/** `answers`: API path -> the API's answer, as the page's first screen was drawn with. */
export type DescribePage = (route: string, answers: Record<string, unknown>) => LivePageMeta | null;
