import { TESTIMONIALS_COPY } from '../../content/home/copy';
import { TESTIMONIALS } from '../../content/home/testimonials';
import { TESTIMONIAL_AUTOPLAY_MS } from '../../domain/constants';
import { CarouselSection, TESTIMONIALS_PER_VIEW_BY_WIDTH } from './carousel';

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
    <CarouselSection
      titleId="testimonios-titulo"
      copy={TESTIMONIALS_COPY}
      className="home-testimonials"
      slides={slides}
      autoplayMs={TESTIMONIAL_AUTOPLAY_MS}
      perView={TESTIMONIALS_PER_VIEW_BY_WIDTH}
      variant="testimonials"
    />
  );
}
