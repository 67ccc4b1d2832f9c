import { chatNumberText, config, whatsappLink } from '../../config';
import { LAYOUT_COPY } from '../../content/layout';
import { pageByKey } from '../../content/pages';

const COPY = LAYOUT_COPY.pie;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{config.brandName}</p>
          <p>{COPY.descripcion}</p>
        </div>
        <div>
          <h2 className="footer-title">{COPY.contacto}</h2>
          <ul className="footer-list">
            <li>
              {COPY.email}
              <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
            </li>
            <li>
              {COPY.whatsapp}
              <a href={whatsappLink(LAYOUT_COPY.mensajeContacto)} target="_blank" rel="noopener noreferrer">
                {chatNumberText}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-title">{COPY.legales}</h2>
          <ul className="footer-list">
            <li>
              <a href="/terminos-y-condiciones">{pageByKey('terminos').h1}</a>
            </li>
            <li>
              <a href="/privacidad">{pageByKey('privacidad').h1}</a>
            </li>
            <li>
              <a href="/eliminar-cuenta">{COPY.eliminarCuenta}</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="container footer-copy">{COPY.derechos(config.brandName)}</p>
    </footer>
  );
}
