/**
 * A drawing from the site's own SVG file (`import markup from '…svg?markup'`), drawn in the page's
 * DOM: as an <img>, each SVG would be a request and a document of its own on the main thread.
 * The markup is the repository's file, never anyone's input.
 */
export function Illustration({ markup, label, className }: { markup: string; label: string; className?: string }) {
  // The label names the picture; the drawing inside is left to it.
  const drawing = markup.replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return <span className={className ? `illustration ${className}` : 'illustration'} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: drawing }} />;
}
