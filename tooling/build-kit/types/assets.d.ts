// Asset imports resolved by webpack (asset/resource) and stubbed in jest.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.avif' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
declare module '*.css';
// `?inline`: the file itself as a data: URL (the home page's hero, painted with the HTML).
declare module '*.svg?inline' {
  const dataUrl: string;
  export default dataUrl;
}
// `?markup`: the SVG file's own text, drawn in the page (the home page's illustrations).
declare module '*.svg?markup' {
  const markup: string;
  export default markup;
}
