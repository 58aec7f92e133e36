/**
 * Rich text of the site's content on a public page. The HTML was sanitised by the server when it was saved and is
 * sanitised again when it is published (core/src/site/rich-text.ts: only p, h2, h3, strong, em, a, lists, br and
 * our own /media images), so it is shown as it is; nothing typed in a browser is ever rendered here unsanitised.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
