import { config } from '../../config';
import { COMMON_COPY } from '../../content/common';
import { DISCOVER_COPY, SHOWCASE_COPY } from '../../content/home/copy';
import { DISCOVER_IMAGE_SIZE, DISCOVER_ITEMS } from '../../content/home/discover';
import { SHOWCASE, SHOWCASE_IMAGE_SIZE } from '../../content/home/showcase';
import { CAROUSEL_DEFAULT_AUTOPLAY_MS } from '../../domain/constants';
import { CtaBox } from '../../ui/cta-box';
import { LazyImage } from '../../ui/lazy-image';
import { CarouselSection, LANDING_PER_VIEW_BY_WIDTH } from './carousel';
import { HomeSection } from '../../ui/home-section';

/** Demo showcase: a carousel on mobile, a four-column grid otherwise. */
export function Showcase() {
  const slides = SHOWCASE.map((item) => ({
    key: item.id,
    content: (
      <figure className="showcase-item">
        <LazyImage src={item.imagen} alt={item.alt} {...SHOWCASE_IMAGE_SIZE} />
        <figcaption>
          <h3>{item.rubro}</h3>
          <p>{item.detalle}</p>
        </figcaption>
      </figure>
    ),
  }));
  return (
    <CarouselSection
      titleId="demo-titulo"
      copy={SHOWCASE_COPY}
      className="home-showcase"
      slides={slides}
      autoplayMs={CAROUSEL_DEFAULT_AUTOPLAY_MS}
      perView={LANDING_PER_VIEW_BY_WIDTH}
      variant="landing"
      only="mobile"
    >
      <p className="center">
        <a className="btn btn-primary" href={config.demoBaseUrl} target="_blank" rel="noopener noreferrer">
          {SHOWCASE_COPY.demo}
          <span className="visually-hidden">{COMMON_COPY.pestanaNueva}</span>
        </a>
      </p>
    </CarouselSection>
  );
}

/** Discover block (anchor descubrir) with its sign-up box. */
export function Discover() {
  return (
    <HomeSection
      id="descubrir"
      titleId="descubrir-titulo"
      title={DISCOVER_COPY.titulo}
      className="home-discover"
    >
      <ul className="discover-grid">
        {DISCOVER_ITEMS.map((item) => (
          <li key={item.titulo} className="discover-item">
            <LazyImage src={item.imagen} alt="" {...DISCOVER_IMAGE_SIZE} />
            <h3>{item.titulo}</h3>
            <p>{item.detalle}</p>
          </li>
        ))}
      </ul>
      <CtaBox
        className="signup-inline"
        heading="h3"
        title={DISCOVER_COPY.cajaTitulo}
        text={DISCOVER_COPY.cajaTexto}
        action={DISCOVER_COPY.cajaBoton}
        tone="primary"
      />
    </HomeSection>
  );
}
