import { Check } from 'lucide-react';
import { config } from '../../config';
import { CHECKLIST, FAQ_COPY, FINAL_CTA, INCOME, SIGNUP_BOX } from '../../content/home/copy';
import { faqFor } from '../../content/home/faq';
import { Accordion } from '../components/accordion';

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Check size={20} aria-hidden="true" className="check-icon" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function IncomeManagement() {
  const { imagen } = INCOME;
  return (
    <section className="home-section home-income" aria-labelledby="ingresos-titulo">
      <div className="container split">
        <div>
          <h2 id="ingresos-titulo" className="section-title">
            {INCOME.titulo}
          </h2>
          <p>{INCOME.texto}</p>
          <CheckList items={INCOME.puntos} />
        </div>
        <img
          src={imagen.src}
          alt={imagen.alt}
          width={imagen.width}
          height={imagen.height}
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}

/** FAQ (anchor faq): one item open at a time; the payment-provider question only for AR. */
export function Faq({ isArgentina }: { isArgentina: boolean }) {
  const items = faqFor(isArgentina).map((item) => ({
    id: item.id,
    title: item.pregunta,
    content: <p>{item.respuesta}</p>,
  }));
  return (
    <section id="faq" className="home-section home-faq" aria-labelledby="faq-titulo">
      <div className="container narrow">
        <h2 id="faq-titulo" className="section-title">
          {FAQ_COPY.titulo}
        </h2>
        <Accordion items={items} headingLevel={3} />
      </div>
    </section>
  );
}

/** Sign-up call to action (anchor registro) with the Android store link. */
export function SignupBox() {
  const { badge } = SIGNUP_BOX;
  return (
    <section id="registro" className="home-section home-signup" aria-labelledby="registro-titulo">
      <div className="container">
        <div className="signup-box">
          <h2 id="registro-titulo">{SIGNUP_BOX.titulo}</h2>
          <p>{SIGNUP_BOX.texto}</p>
          <div className="signup-actions">
            <a className="btn btn-accent btn-large" href="/registro">
              {SIGNUP_BOX.boton}
            </a>
            <a className="store-link" href={config.androidStoreUrl} target="_blank" rel="noopener noreferrer">
              <img src={badge.src} alt={badge.alt} width={badge.width} height={badge.height} loading="lazy" />
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ImageChecklist() {
  const { imagen } = CHECKLIST;
  return (
    <section className="home-section home-checklist" aria-labelledby="checklist-titulo">
      <div className="container split split-reverse">
        <img
          src={imagen.src}
          alt={imagen.alt}
          width={imagen.width}
          height={imagen.height}
          loading="lazy"
          decoding="async"
        />
        <div>
          <h2 id="checklist-titulo" className="section-title">
            {CHECKLIST.titulo}
          </h2>
          <CheckList items={CHECKLIST.puntos} />
        </div>
      </div>
    </section>
  );
}

export function FinalCta() {
  return (
    <section className="home-final" aria-labelledby="asesor-titulo">
      <div className="container">
        <div className="final-box">
          <h2 id="asesor-titulo">{FINAL_CTA.titulo}</h2>
          <p>{FINAL_CTA.texto}</p>
          <a className="btn btn-accent btn-large" href="/registro">
            {FINAL_CTA.boton}
          </a>
        </div>
      </div>
    </section>
  );
}
