import { describe, expect, it } from 'vitest';
import { mobileAdminUrl, mobileTrialUrl } from '../../../../src/flows/mobile-slides/links';
import { registrationRedirectUrl } from '../../../../src/flows/welcome/links';

const hosts = { registrationHost: 'https://registro.example', adminHost: 'https://admin.example' };

describe('welcome redirect', () => {
  it('goes to the registration host, with the plan only when there is one', () => {
    expect(registrationRedirectUrl(hosts, 'premium')).toBe('https://registro.example/?plan=premium');
    expect(registrationRedirectUrl(hosts, 'pro')).toBe('https://registro.example/?plan=pro');
    expect(registrationRedirectUrl(hosts, null)).toBe('https://registro.example/');
  });

  it('keeps a path configured on the host', () => {
    expect(registrationRedirectUrl({ registrationHost: 'https://example.com/alta' }, 'pro')).toBe(
      'https://example.com/alta?plan=pro',
    );
  });
});

describe('app welcome links', () => {
  it("'Iniciar Prueba Gratis' and 'Ya Tengo Cuenta' carry origen=apk to their hosts", () => {
    expect(mobileTrialUrl(hosts, 'apk')).toBe('https://registro.example/?origen=apk');
    expect(mobileAdminUrl(hosts, 'apk')).toBe('https://admin.example/?origen=apk');
  });
});
