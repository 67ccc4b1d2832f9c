import { REGISTRATION_PAGE_COPY as COPY } from '../content/registration-page';
import { pageByKey } from '../content/pages';
import { StaticHtml } from '../ui/static-html';
import { RegistrationWizard } from '../flows/registration/wizard';
import '../flows/registration/registro.css';

// The heading is static: it stays server HTML and its code is not part of the page's load.
const heading = import.meta.env.SSR ? await import('../ui/page-heading') : null;

export default function RegistrationPage() {
  return (
    <>
      <StaticHtml>
        {heading && (
          <heading.PageHeading title={pageByKey('registro').h1}>
            <p>{COPY.bajada}</p>
          </heading.PageHeading>
        )}
      </StaticHtml>
      <section className="container wizard" id="wizard" aria-label={COPY.region}>
        <RegistrationWizard />
      </section>
    </>
  );
}
