import { useId, useState } from 'react';
import { BENEFITS_SHOWN_FIRST, benefitsFor } from '../../content/home/benefits';
import { BENEFITS_COPY } from '../../content/home/copy';
import type { Benefit } from '../../content/home/types';
import { FEATURE_CAROUSEL_AUTOPLAY_MS } from '../../domain/constants';
import { Carousel, LANDING_PER_VIEW_BY_WIDTH } from './carousel';
import { HomeSection } from '../../ui/home-section';
import { ContentIcon } from '../../ui/content-icon';

function BenefitCard({ benefit }: { benefit: Benefit }) {
  return (
    <article className="benefit-card">
      <span className="icon-badge">
        <ContentIcon name={benefit.icon} />
      </span>
      <h3>
        {benefit.titulo}
        {benefit.premium && (
          <span className="premium-star" title={BENEFITS_COPY.premium}>
            <ContentIcon name="star" size={18} strokeWidth={2} />
            <span className="visually-hidden">{BENEFITS_COPY.marcaPremium}</span>
          </span>
        )}
      </h3>
      <p>{benefit.detalle}</p>
    </article>
  );
}

/**
 * The benefit grid (anchor beneficios): the first ones in a carousel on mobile and a grid
 * otherwise; the rest behind 'VER MÁS BENEFICIOS', which then reads 'VER MENOS BENEFICIOS'. The
 * payment-provider item is only for AR.
 */
export function Benefits({ isArgentina }: { isArgentina: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const items = benefitsFor(isArgentina);
  const first = items.slice(0, BENEFITS_SHOWN_FIRST);
  const more = items.slice(BENEFITS_SHOWN_FIRST);
  return (
    <HomeSection
      id="beneficios"
      titleId="beneficios-titulo"
      title={BENEFITS_COPY.titulo}
      className="home-benefits"
    >
      <p className="section-lead">{BENEFITS_COPY.bajada}</p>
      <Carousel
        label={BENEFITS_COPY.carrusel}
        slides={first.map((b) => ({ key: b.id, content: <BenefitCard benefit={b} /> }))}
        autoplayMs={FEATURE_CAROUSEL_AUTOPLAY_MS}
        perView={LANDING_PER_VIEW_BY_WIDTH}
        variant="landing"
        only="mobile"
      />
      <div id={moreId} className="benefit-grid" hidden={!expanded}>
        {more.map((b) => (
          <BenefitCard key={b.id} benefit={b} />
        ))}
      </div>
      <div className="benefits-toggle">
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={expanded}
          aria-controls={moreId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? BENEFITS_COPY.verMenos : BENEFITS_COPY.verMas}
          <ContentIcon name="chevron-down" size={20} strokeWidth={2} className="toggle-chevron" />
        </button>
      </div>
      <p className="premium-legend">
        <ContentIcon name="star" size={16} strokeWidth={2} className="premium-star" />
        {` ${BENEFITS_COPY.premium}`}
      </p>
    </HomeSection>
  );
}
