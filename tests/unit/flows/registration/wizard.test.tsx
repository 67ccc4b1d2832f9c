// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_STORAGE_KEY } from '../../../../src/domain/constants';
import type { ProspectInput, ProspectUpdate } from '../../../../src/domain/prospect';
import type * as Leads from '../../../../src/services/leads';
import { WIZARD_STORAGE_KEY } from '../../../../src/services/wizard-persistence';

const api = vi.hoisted(() => ({
  createLead: vi.fn<(payload: ProspectInput, key: string) => Promise<{ id: string; estado: string }>>(),
  updateLead: vi.fn<(payload: ProspectUpdate) => Promise<{ id: string; estado: string }>>(),
  getBotToken: vi.fn<() => Promise<string>>(),
}));

vi.mock('../../../../src/services/leads', async (importOriginal) => ({
  ...(await importOriginal<typeof Leads>()),
  createLead: api.createLead,
  createWizardLead: api.createLead,
  updateLead: api.updateLead,
}));
vi.mock('../../../../src/services/bot-check', () => ({ getBotToken: api.getBotToken }));

const { RegistrationWizard } = await import('../../../../src/flows/registration/wizard');

beforeEach(() => {
  api.createLead.mockReset().mockResolvedValue({ id: 'lead-1', estado: 'nuevo' });
  api.updateLead.mockReset().mockResolvedValue({ id: 'lead-1', estado: 'nuevo' });
  api.getBotToken.mockReset().mockResolvedValue('token-1');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

const next = () => screen.getByRole('button', { name: 'Siguiente' });

/** Renders the wizard and waits for its machine, which starts after hydration from storage. */
async function renderWizard() {
  const view = render(<RegistrationWizard />);
  await waitFor(() => expect(document.querySelector('.wizard-card')?.getAttribute('data-live')).toBe('true'));
  return view;
}

function fillContact() {
  fireEvent.change(screen.getByLabelText('Nombre de tu negocio'), { target: { value: 'Pizzería Don Luis' } });
  fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Luis' } });
  fireEvent.change(screen.getByLabelText('Apellido'), { target: { value: 'Gómez' } });
  fireEvent.change(screen.getByLabelText('País'), { target: { value: 'AR' } });
  fireEvent.change(screen.getByLabelText('Número de WhatsApp'), { target: { value: '11 2345-6789' } });
}

/**
 * Step 1 filled in, once 'Siguiente' takes it: the button waits for the rules' verdict on the
 * fields, which arrives asynchronously (its code loads on first use), and a click before that is
 * lost, as a visitor's would be on a disabled button.
 */
async function fillContactReady() {
  fillContact();
  await waitFor(() => expect(next()).toHaveProperty('disabled', false), { timeout: 10_000 });
}

async function submitContact() {
  await fillContactReady();
  await act(async () => {
    fireEvent.click(next());
  });
  await screen.findByRole('heading', { name: '¿Cuál es tu situación actual?' }, { timeout: 10_000 });
}

function choose(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
  fireEvent.click(next());
}

// Each test submits step 1 at least once: up to 20 s on a loaded machine (above), then the rest.
describe('RegistrationWizard', { timeout: 30_000 }, () => {
  it('prerenders an empty step 1 with Siguiente disabled', () => {
    const html = renderToString(<RegistrationWizard />);
    expect(html).toContain('Datos de contacto');
    expect(html).toContain('Paso 1 de 4');
    expect(html).toMatch(/<button type="submit" class="btn btn-primary" disabled="">/);
    expect(html).not.toContain('style=');
  });

  it('enables Siguiente only with the five required fields, then creates the lead once', async () => {
    await renderWizard();
    expect(next()).toHaveProperty('disabled', true);
    fillContact();
    // The rules' verdict on the fields arrives asynchronously; on a busy machine it takes a moment.
    await waitFor(() => expect(next()).toHaveProperty('disabled', false), { timeout: 5000 });
    await act(async () => {
      fireEvent.click(next());
      fireEvent.click(next());
    });
    await screen.findByRole('heading', { name: '¿Cuál es tu situación actual?' }, { timeout: 10_000 });
    expect(api.createLead).toHaveBeenCalledTimes(1);
    const [payload, key] = api.createLead.mock.calls[0] ?? [];
    expect(payload).toEqual({
      nombreEmpresa: 'Pizzería Don Luis',
      nombre: 'Luis',
      apellido: 'Gómez',
      pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
      whatsapp: '+5491123456789',
      infoEmpresa: '{"visitoDemo":false}',
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(screen.getByText('Paso 2 de 4')).toBeTruthy();
  });

  it('moves focus to each step heading, clears the sector on a new category, ends on the demo', async () => {
    await renderWizard();
    await submitContact();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: '¿Cuál es tu situación actual?' }),
    );
    expect(next()).toHaveProperty('disabled', true);
    choose('Quiero conseguir más clientes');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: '¿Cuál es el rubro de tu negocio?' }),
    );
    choose('Gastronomía');
    expect(screen.getByText('Paso 4 de 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Heladería' }));
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    choose('Venta de productos');
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    choose('Tecnología');
    const heading = await screen.findByRole('heading', { name: '¡Gracias!' });
    expect(document.activeElement).toBe(heading);
    const demo = screen.getByRole('link', { name: /Ver la tienda de demostración/ });
    expect(demo.getAttribute('href')).toBe('https://demo.mitienda.example/tecnologia');
    expect(demo.getAttribute('target')).toBe('_blank');
    demo.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(demo);
    await waitFor(() =>
      expect(JSON.parse(api.updateLead.mock.calls.at(-1)?.[0].infoEmpresa ?? '{}')).toEqual({
        situacionActual: 'buscar_mas_clientes',
        rubro: 'productos',
        sector: 'tecnologia',
        visitoDemo: true,
      }),
    );
    expect(api.createLead).toHaveBeenCalledTimes(1);
  });

  it('on a failed create keeps every field, announces the maintenance message and retries with the same key', async () => {
    api.createLead.mockRejectedValueOnce(new Error('No se pudo guardar'));
    await renderWizard();
    await fillContactReady();
    await act(async () => {
      fireEvent.click(next());
    });
    // The failure's alert, whichever alert shows first (the rules' and the lead API's code load
    // on demand, which takes longer while the whole suite runs).
    await waitFor(
      () =>
        expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
          expect.stringContaining('Estamos en mantenimiento. Por favor, volvé a intentar más tarde'),
        ),
      { timeout: 5000 },
    );
    expect((screen.getByLabelText('Nombre de tu negocio') as HTMLInputElement).value).toBe(
      'Pizzería Don Luis',
    );
    expect((screen.getByLabelText('Número de WhatsApp') as HTMLInputElement).value).toBe('11 2345-6789');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Volver a intentar' }));
    });
    await screen.findByRole('heading', { name: '¿Cuál es tu situación actual?' }, { timeout: 10_000 });
    expect(api.createLead).toHaveBeenCalledTimes(2);
    expect(api.createLead.mock.calls[0]?.[1]).toBe(api.createLead.mock.calls[1]?.[1]);
  });

  it('shows the schema message for an invalid phone and does not create the lead', async () => {
    await renderWizard();
    fillContact();
    fireEvent.change(screen.getByLabelText('Número de WhatsApp'), { target: { value: '123' } });
    await act(async () => {
      fireEvent.click(next());
    });
    await waitFor(() =>
      expect(document.getElementById('registro-whatsapp-error')?.textContent).toMatch(
        /no es un número válido para Argentina/,
      ),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Número de WhatsApp'));
    expect(api.createLead).not.toHaveBeenCalled();
  });

  it('runs the bot check before the create for fb campaigns and sends its token', async () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'utm_source=fb');
    await renderWizard();
    await submitContact();
    expect(api.getBotToken).toHaveBeenCalledTimes(1);
    expect(api.createLead.mock.calls[0]?.[0]).toMatchObject({ recaptchaToken: 'token-1', utmSource: 'fb' });
  });

  it('offers the trial in promotion mode', async () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'ndb_c=pe');
    await renderWizard();
    await submitContact();
    choose('Otra situación');
    choose('Almacén y minimercados');
    choose('Almacén');
    await screen.findByRole('heading', { name: '¡Gracias!' }, { timeout: 10_000 });
    const trial = screen.getByRole('link', { name: 'Empezar mi prueba gratis' });
    expect(trial.getAttribute('href')).toBe(
      'https://cuenta.mitienda.example/registro?client_id=admin&redirect_uri=https%3A%2F%2Fadmin.mitienda.example%2F%3Forigen%3Dpe',
    );
    expect(screen.queryByRole('link', { name: /demostración/ })).toBeNull();
  });

  it('persists progress in session storage and resumes at the same step with the same lead', async () => {
    const first = await renderWizard();
    await submitContact();
    choose('Otra situación');
    await screen.findByRole('heading', { name: '¿Cuál es el rubro de tu negocio?' });
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).toContain('lead-1');
    first.unmount();
    await renderWizard();
    expect(await screen.findByRole('heading', { name: '¿Cuál es el rubro de tu negocio?' })).toBeTruthy();
    choose('Gastronomía');
    choose('Pizzería');
    await screen.findByRole('heading', { name: '¡Gracias!' });
    expect(api.createLead).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.updateLead.mock.calls.at(-1)?.[0]).toMatchObject({ id: 'lead-1' }));
  });

  it("coming back after step 5 offers 'Registrar otro negocio', which starts a fresh wizard with a new key", async () => {
    const first = await renderWizard();
    await submitContact();
    choose('Otra situación');
    choose('Gastronomía');
    choose('Pizzería');
    await screen.findByRole('heading', { name: '¡Gracias!' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Registrar otro negocio' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    first.unmount();
    await renderWizard();
    expect(screen.getByRole('heading', { name: '¡Gracias!' })).toBeTruthy();
    const another = await screen.findByRole('button', { name: 'Registrar otro negocio' });
    await waitFor(() => expect(another).toHaveProperty('disabled', false));
    const updates = api.updateLead.mock.calls.length;
    fireEvent.click(another);
    const heading = await screen.findByRole('heading', { name: 'Datos de contacto' });
    expect(document.activeElement).toBe(heading);
    expect((screen.getByLabelText('Nombre de tu negocio') as HTMLInputElement).value).toBe('');
    api.createLead.mockResolvedValueOnce({ id: 'lead-2', estado: 'nuevo' });
    await submitContact();
    expect(api.createLead).toHaveBeenCalledTimes(2);
    expect(api.createLead.mock.calls[1]?.[1]).not.toBe(api.createLead.mock.calls[0]?.[1]);
    expect(api.updateLead.mock.calls.slice(updates).every(([payload]) => payload.id !== 'lead-1')).toBe(true);
  });

  it('after two failed bot checks the create goes ahead without a token', async () => {
    localStorage.setItem(ATTRIBUTION_STORAGE_KEY, 'utm_source=fb');
    api.getBotToken.mockRejectedValue(new Error('bloqueado'));
    await renderWizard();
    await fillContactReady();
    await act(async () => {
      fireEvent.click(next());
    });
    for (let i = 0; i < 2; i++) {
      await screen.findByText(/No pudimos completar la verificación de seguridad/);
      expect(api.createLead).not.toHaveBeenCalled();
      if (i === 0) {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Volver a intentar' }));
        });
      }
    }
    await waitFor(() => expect(api.getBotToken).toHaveBeenCalledTimes(2));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Volver a intentar' }));
    });
    await screen.findByRole('heading', { name: '¿Cuál es tu situación actual?' }, { timeout: 10_000 });
    expect(api.getBotToken).toHaveBeenCalledTimes(2);
    expect(api.createLead.mock.calls[0]?.[0]).not.toHaveProperty('recaptchaToken');
  });
});
