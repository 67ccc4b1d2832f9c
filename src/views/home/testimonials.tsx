import { TESTIMONIALS_COPY } from '../../content/home/copy';
import { TESTIMONIALS } from '../../content/home/testimonials';
import { TESTIMONIAL_AUTOPLAY_MS } from '../../domain/constants';
import { Carousel, TESTIMONIALS_PER_VIEW_BY_WIDTH } from './carousel';
import { HomeSection } from './home-section';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('');
}

export function Testimonials() {
  const slides = TESTIMONIALS.map((t) => ({
    key: t.nombre,
    content: (
      <figure className="testimonial">
        <blockquote>
          <p>{t.texto}</p>
        </blockquote>
        <figcaption>
          <span className="avatar" aria-hidden="true">
            {initials(t.nombre)}
          </span>
          <span>
            <strong>{t.nombre}</strong>
            <span className="testimonial-company">{t.empresa}</span>
          </span>
        </figcaption>
      </figure>
    ),
  }));
  return (
    <HomeSection titleId="testimonios-titulo" title={TESTIMONIALS_COPY.titulo} className="home-testimonials">
      <p className="section-lead">{TESTIMONIALS_COPY.bajada}</p>
      <Carousel
        label={TESTIMONIALS_COPY.carrusel}
        slides={slides}
        autoplayMs={TESTIMONIAL_AUTOPLAY_MS}
        perView={TESTIMONIALS_PER_VIEW_BY_WIDTH}
        variant="testimonials"
      />
    </HomeSection>
  );
}
