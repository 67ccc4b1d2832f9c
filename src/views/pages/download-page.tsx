import { config } from '../../config';
import { GOOGLE_PLAY_BADGE_SRC } from '../../content/store-badge';
import { FREE_TRIAL_DAYS } from '../../domain/constants';
import { PageHeading } from '../components/page-heading';

export default function DownloadPage() {
  return (
    <>
      <PageHeading title="Instalar la app de administración">
        <p>Recibe y gestiona tus pedidos desde tu celular Android.</p>
      </PageHeading>
      <section className="container center">
        <a className="store-badge" href={config.androidStoreUrl} target="_blank" rel="noopener noreferrer">
          <img src={GOOGLE_PLAY_BADGE_SRC} alt="Disponible en Google Play" width="200" height="60" />
        </a>
        <p className="trial-note">
          Empieza con una prueba gratis de {FREE_TRIAL_DAYS} días. Sin tarjeta y sin compromiso.
        </p>
      </section>
    </>
  );
}
