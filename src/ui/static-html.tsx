import type { ReactNode } from 'react';

const KEEP_SERVER_HTML = { __html: '' };

/**
 * Content that never changes once the page is prerendered (no state, no handlers). The browser
 * keeps its server HTML and never hydrates it: without children (or `html`) this renders an element
 * whose inner HTML React leaves as it found it, so neither the content's code nor its hydration is
 * paid for on the client. Callers load the content with
 * `import.meta.env.SSR ? await import(...) : null` (the prerender, and the development server's
 * render of each page): written inline, the condition is a build-time constant and
 * the production client bundle drops the import altogether (through a shared constant, the
 * bundler would keep a chunk for it and split the entry around it). `html` is markup made at build
 * time from the project's own content (the blog's Markdown), never from a visitor.
 */
export function StaticHtml({
  children,
  html,
  as: Wrapper = 'div',
}: {
  children?: ReactNode;
  html?: string | null;
  /** 'span' inside phrasing content (a button's icon). */
  as?: 'div' | 'span';
}) {
  if (html) return <Wrapper className="static-html" dangerouslySetInnerHTML={{ __html: html }} />;
  return children ? (
    <Wrapper className="static-html">{children}</Wrapper>
  ) : (
    <Wrapper className="static-html" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
  );
}
