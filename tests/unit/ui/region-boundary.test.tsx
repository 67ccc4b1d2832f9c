// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegionBoundary, retryableLazy } from '../../../src/ui/region-boundary';
import { retryOnce } from '../../../src/ui/retry-import';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const Part: ComponentType<{ text: string }> = ({ text }) => <p>{text}</p>;

describe('retryOnce', () => {
  it('downloads again once when the first download fails', async () => {
    const load = vi.fn().mockImplementationOnce(offline).mockResolvedValue('módulo');
    await expect(retryOnce(load)()).resolves.toBe('módulo');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure, and a later call tries twice again', async () => {
    const load = vi.fn(offline);
    const loader = retryOnce(load);
    await expect(loader()).rejects.toThrow(TypeError);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(loader()).rejects.toThrow(TypeError);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

function Page({ Region }: { Region: ComponentType<{ text: string }> }) {
  return (
    <>
      <header>Cabecera</header>
      <main>
        <p>Contenido de la página</p>
        <RegionBoundary name="el formulario del boletín">
          <Suspense fallback={null}>
            <Region text="Formulario listo" />
          </Suspense>
        </RegionBoundary>
      </main>
      <footer>Pie</footer>
    </>
  );
}

describe('RegionBoundary with retryableLazy', () => {
  it('loads the region after one failed download, without a message', async () => {
    const load = vi.fn().mockImplementationOnce(offline).mockResolvedValue(Part);
    render(<Page Region={retryableLazy(load)} />);
    expect(await screen.findByText('Formulario listo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("after two failures shows the region's message alone; 'Reintentar' loads it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve(Part) : offline()));
    render(<Page Region={retryableLazy(load)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Hubo un problema al cargar el formulario del boletín.');
    expect(load).toHaveBeenCalledTimes(2);
    for (const text of ['Cabecera', 'Contenido de la página', 'Pie'])
      expect(screen.getByText(text)).toBeTruthy();

    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })));
    expect(await screen.findByText('Formulario listo')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("'Reintentar' while still offline shows the message again after two more tries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(offline);
    render(<Page Region={retryableLazy(load)} />);
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    await act(async () => fireEvent.click(retry));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(4));
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it("the first attempt may be the caller's own lazy component (lazyInRegion)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = retryableLazy<{ text: string }>(() => offline());
    const load = vi.fn().mockResolvedValue(Part);
    render(<Page Region={retryableLazy(load, first)} />);
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText('Formulario listo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
