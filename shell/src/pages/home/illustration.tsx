/**
 * A drawing from the site's own SVG file (`import markup from '…svg?markup'`), drawn in the page's
 * DOM. As an <img>, each SVG is a document of its own that the browser fetches, starts, lays out
 * and paints on the page's main thread: the home page's nine cost 50-80 ms of it at 4× CPU.
 * The markup is the repository's file, never anyone's input.
 */
export function Illustration({ markup, label, className }: { markup: string; label: string; className?: string }) {
  // The label names the picture; the drawing inside is left to it.
  const drawing = markup.replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return <span className={className ? `illustration ${className}` : 'illustration'} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: drawing }} />;
}
