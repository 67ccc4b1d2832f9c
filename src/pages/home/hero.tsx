import { useState } from 'react';
import { heroVideoUrl } from '../../config';
import { HERO } from '../../content/home/hero';
import { pageByKey } from '../../content/pages';

function embedUrl(base: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}autoplay=1&rel=0`;
}

/** Click-to-load video: a poster button first, the embedded player only after a click. */
function VideoFacade({ videoUrl }: { videoUrl: string }) {
  const [playing, setPlaying] = useState(false);
  const { poster } = HERO.video;
  return (
    <div className="hero-video">
      {playing ? (
        <iframe
          src={embedUrl(videoUrl)}
          title={HERO.video.titulo}
          width={poster.width}
          height={poster.height}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="video-facade" onClick={() => setPlaying(true)}>
          <img
            src={poster.src}
            alt={poster.alt}
            width={poster.width}
            height={poster.height}
            loading="lazy"
            decoding="async"
          />
          <span className="visually-hidden">{HERO.video.boton}</span>
        </button>
      )}
    </div>
  );
}

/**
 * The hero's picture: the video's poster with its play button when a video is configured, else the
 * illustration alone (no video is shipped by default: a placeholder one must never reach a visitor).
 */
export function HeroMedia({ videoUrl }: { videoUrl: string }) {
  if (videoUrl) return <VideoFacade videoUrl={videoUrl} />;
  const { ilustracion } = HERO;
  return (
    <div className="hero-video">
      <img
        src={ilustracion.src}
        alt={ilustracion.alt}
        width={ilustracion.width}
        height={ilustracion.height}
        loading="lazy"
        decoding="async"
      />
    </div>
  );
}

export function Hero() {
  return (
    <section id="inicio" className="home-hero" aria-labelledby="inicio-titulo">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="hero-eyebrow">{HERO.etiqueta}</p>
          <h1 id="inicio-titulo">{pageByKey('home').h1}</h1>
          <p className="hero-lead">{HERO.bajada}</p>
          <div className="hero-actions">
            <a className="btn btn-accent btn-large" href="/registro">
              {HERO.comenzar}
            </a>
            <a className="btn btn-large btn-light" href="/registro">
              {HERO.registrar}
            </a>
          </div>
          <a className="hero-more" href="#beneficios">
            {HERO.masInfo}
          </a>
        </div>
        <HeroMedia videoUrl={heroVideoUrl} />
      </div>
    </section>
  );
}
