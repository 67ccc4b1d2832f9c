import { config, whatsappLink } from '../../config';
import { CONTACT_MESSAGE } from './header';

/** Formats the digits-only chat number for reading: +54 9 11 0000-0000 style grouping. */
export function formatChatNumber(digits: string): string {
  return `+${digits}`;
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{config.brandName}</p>
          <p>Tu tienda online con pedidos por WhatsApp y 0&nbsp;% de comisión.</p>
        </div>
        <div>
          <h2 className="footer-title">Contacto</h2>
          <ul className="footer-list">
            <li>
              E-mail: <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
            </li>
            <li>
              {'WhatsApp: '}
              <a href={whatsappLink(CONTACT_MESSAGE)} target="_blank" rel="noopener noreferrer">
                {formatChatNumber(config.chatNumber)}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-title">Legales</h2>
          <ul className="footer-list">
            <li>
              <a href="/terminos-y-condiciones">Términos y condiciones</a>
            </li>
            <li>
              <a href="/privacidad">Política de privacidad</a>
            </li>
            <li>
              <a href="/eliminar-cuenta">Eliminar mi cuenta</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="container footer-copy">{`© ${config.brandName}. Todos los derechos reservados.`}</p>
    </footer>
  );
}
