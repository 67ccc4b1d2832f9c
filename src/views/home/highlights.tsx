import { START_TODAY } from '../../content/home/hero';
import { HIGHLIGHTS } from '../../content/home/highlights';
import { BadgePercent, Clock, MessageCircle, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { HighlightIcon } from '../../content/home/types';

const HIGHLIGHT_ICONS: Readonly<Record<HighlightIcon, LucideIcon>> = {
  percent: BadgePercent,
  whatsapp: MessageCircle,
  clock: Clock,
  shield: ShieldCheck,
};

export function Highlights() {
  return (
    <section className="home-highlights" aria-labelledby="ventajas-titulo">
      <div className="container">
        <h2 id="ventajas-titulo" className="visually-hidden">
          Ventajas principales
        </h2>
        <ul className="highlight-grid">
          {HIGHLIGHTS.map((h) => {
            const Icon = HIGHLIGHT_ICONS[h.icon];
            return (
              <li key={h.titulo} className="highlight">
                <span className="icon-badge">
                  <Icon size={28} aria-hidden="true" strokeWidth={1.8} />
                </span>
                <h3>{h.titulo}</h3>
                <p>{h.detalle}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function StartToday() {
  return (
    <section className="home-start" aria-labelledby="empieza-titulo">
      <div className="container">
        <div className="start-box">
          <div>
            <h2 id="empieza-titulo">{START_TODAY.titulo}</h2>
            <p>{START_TODAY.texto}</p>
          </div>
          <a className="btn btn-accent btn-large" href="/registro">
            {START_TODAY.boton}
          </a>
        </div>
      </div>
    </section>
  );
}
