import { START_TODAY } from '../../content/home/hero';
import { HIGHLIGHTS, HIGHLIGHTS_COPY } from '../../content/home/highlights';
import { IconCardList } from '../../ui/content-icon';
import { CtaSection } from '../../ui/home-section';

export function Highlights() {
  return (
    <section className="home-highlights" aria-labelledby="ventajas-titulo">
      <div className="container">
        <h2 id="ventajas-titulo" className="visually-hidden">
          {HIGHLIGHTS_COPY.titulo}
        </h2>
        <IconCardList
          items={HIGHLIGHTS}
          listClassName="highlight-grid"
          itemClassName="highlight"
          badgeClassName="icon-badge"
        />
      </div>
    </section>
  );
}

export function StartToday() {
  return (
    <CtaSection titleId="empieza-titulo" className="home-start" boxClassName="start-box" copy={START_TODAY} />
  );
}
