import type { ReactNode } from 'react';

/** Page hero with the page's single <h1>. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page-heading">
      <div className="container">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** A legal page (privacy, terms, account deletion): its heading and the text in a narrow column. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeading title={title} />
      <article className="container legal">{children}</article>
    </>
  );
}
