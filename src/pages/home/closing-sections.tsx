import { CHECKLIST, FAQ_COPY, FINAL_CTA, INCOME, SIGNUP_BOX } from '../../content/home/copy';
import { faqFor } from '../../content/home/faq';
import { Accordion } from '../../ui/accordion';
import { LazyImage } from '../../ui/lazy-image';
import { StoreBadge } from '../../ui/store-badge';
import { CtaSection, HomeSection, SectionTitle } from '../../ui/home-section';

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist home-checks">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function IncomeManagement() {
  const { imagen } = INCOME;
  return (
    <HomeSection titleId="ingresos-titulo" className="home-income" containerClassName="split">
      <div>
        <SectionTitle id="ingresos-titulo">{INCOME.titulo}</SectionTitle>
        <p>{INCOME.texto}</p>
        <CheckList items={INCOME.puntos} />
      </div>
      <LazyImage {...imagen} />
    </HomeSection>
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
    <HomeSection
      id="faq"
      titleId="faq-titulo"
      title={FAQ_COPY.titulo}
      className="home-faq"
      containerClassName="narrow"
    >
      <Accordion items={items} headingLevel={3} />
    </HomeSection>
  );
}

/** Sign-up call to action (anchor registro) with the Android store link. */
export function SignupBox() {
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
            <StoreBadge label={SIGNUP_BOX.badgeLabel} />
          </div>
        </div>
      </div>
    </section>
  );
}

export function ImageChecklist() {
  const { imagen } = CHECKLIST;
  return (
    <HomeSection
      titleId="checklist-titulo"
      className="home-checklist"
      containerClassName="split split-reverse"
    >
      <LazyImage {...imagen} />
      <div>
        <SectionTitle id="checklist-titulo">{CHECKLIST.titulo}</SectionTitle>
        <CheckList items={CHECKLIST.puntos} />
      </div>
    </HomeSection>
  );
}

export function FinalCta() {
  return (
    <CtaSection titleId="asesor-titulo" className="home-final" boxClassName="final-box" copy={FINAL_CTA} />
  );
}
