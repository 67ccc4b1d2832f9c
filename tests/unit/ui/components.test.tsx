// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App, AppErrorBoundary } from '../../../src/app';
import { Accordion } from '../../../src/ui/accordion';

afterEach(cleanup);

const ITEMS = [
  { id: 'a', title: 'Primera', content: <p>Texto A</p> },
  { id: 'b', title: 'Segunda', content: <p>Texto B</p> },
];

describe('Accordion', () => {
  it('keeps one item open at a time and links buttons to their regions', () => {
    render(<Accordion items={ITEMS} />);
    const a = screen.getByRole('button', { name: /Primera/ });
    const b = screen.getByRole('button', { name: /Segunda/ });
    expect(a.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(a);
    expect(a.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(a.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(false);
    expect(panel?.getAttribute('aria-labelledby')).toBe(a.id);
    fireEvent.click(b);
    expect(b.getAttribute('aria-expanded')).toBe('true');
    expect(a.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(b);
    expect(b.getAttribute('aria-expanded')).toBe('false');
  });

  it('in toggle mode several items stay open', () => {
    render(<Accordion items={ITEMS} toggle />);
    fireEvent.click(screen.getByRole('button', { name: /Primera/ }));
    fireEvent.click(screen.getByRole('button', { name: /Segunda/ }));
    const expanded = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true');
    expect(expanded).toHaveLength(2);
  });
});

describe('AppErrorBoundary', () => {
  it("shows 'Unexpected Application Error!' instead of a white screen", () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });

  it('the app shows the error page when a page throws while rendering', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenPage(): never {
      throw new Error('page failed');
    }
    const { hook } = memoryLocation({ path: '/blog' });
    act(() => {
      render(
        <Router hook={hook}>
          <App pages={{ blog: BrokenPage }} />
        </Router>,
      );
    });
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    spy.mockRestore();
  });
});
