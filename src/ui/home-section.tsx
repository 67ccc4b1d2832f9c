import type { ReactNode } from 'react';
import { CtaBox } from './cta-box';

interface HomeSectionProps {
  /** In-page anchor (spec section 2: inicio, beneficios, planes, faq, descubrir, registro). */
  id?: string;
  /** Id of the section's h2, which names the section for assistive technology. */
  titleId: string;
  /** The h2 at the top of the container; omit it when the layout places its own SectionTitle. */
  title?: ReactNode;
  /** Extra class of the section (its look), after `home-section`. */
  className: string;
  /** Extra class of the inner container (narrow, split...). */
  containerClassName?: string;
  /** -1 when the page moves the focus to the section (the plans, after 'Aplicar'). */
  tabIndex?: number;
  children: ReactNode;
}

/** The scaffold every home section shares: a labelled landmark, its container and its title. */
export function HomeSection({
  id,
  titleId,
  title,
  className,
  containerClassName,
  tabIndex,
  children,
}: HomeSectionProps) {
  return (
    <section id={id} className={`home-section ${className}`} aria-labelledby={titleId} tabIndex={tabIndex}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        {title !== undefined && <SectionTitle id={titleId}>{title}</SectionTitle>}
        {children}
      </div>
    </section>
  );
}

export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="section-title">
      {children}
    </h2>
  );
}

/** A home section that is only a closing call to action (start today, talk to an adviser). */
export function CtaSection({
  titleId,
  className,
  boxClassName,
  copy,
}: {
  titleId: string;
  className: string;
  boxClassName: string;
  copy: { titulo: string; texto: string; boton: string };
}) {
  return (
    <HomeSection titleId={titleId} className={className}>
      <CtaBox
        className={boxClassName}
        titleId={titleId}
        title={copy.titulo}
        text={copy.texto}
        action={copy.boton}
        tone="accent"
      />
    </HomeSection>
  );
}
