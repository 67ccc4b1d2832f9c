// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_COPY } from '../../../../src/flows/registration/copy';
import { StepLoadBoundary } from '../../../../src/flows/registration/step-load-boundary';

function FailedChunk(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/question-container.js');
}

describe('StepLoadBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the step while its code is there', () => {
    render(
      <StepLoadBoundary>
        <h2>¿Cuál es tu situación actual?</h2>
      </StepLoadBoundary>,
    );
    expect(screen.getByRole('heading', { name: '¿Cuál es tu situación actual?' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a Spanish message and a way to reload on screen when a step fails to load', () => {
    // React reports the caught error on the console; the page itself stays.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <StepLoadBoundary>
        <FailedChunk />
      </StepLoadBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(REGISTRATION_COPY.pasoSinCargar);
    expect(screen.getByRole('link', { name: 'Volver a cargar' }).getAttribute('href')).toBe('/registro');
  });
});
