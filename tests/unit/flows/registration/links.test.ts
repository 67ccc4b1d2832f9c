import { describe, expect, it } from 'vitest';
import { demoUrl, trialSignupUrl } from '../../../../src/flows/registration/links';

describe('thanks-step links', () => {
  it('trial: identity sign-up for client admin, redirecting to the admin app with origin pe', () => {
    const url = new URL(
      trialSignupUrl({
        identitySignupUrl: 'https://cuenta.example/registro',
        adminHost: 'https://admin.example',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://cuenta.example/registro');
    expect(url.searchParams.get('client_id')).toBe('admin');
    expect(url.searchParams.get('redirect_uri')).toBe('https://admin.example/?origen=pe');
  });

  it('demo: one page per sector under the demo host', () => {
    expect(demoUrl({ demoBaseUrl: 'https://demo.example' }, 'pizzeria')).toBe(
      'https://demo.example/pizzeria',
    );
  });
});
