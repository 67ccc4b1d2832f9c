// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { WIZARD_SNAPSHOT_MAX_CHARS } from '../../../src/domain/lead-wizard-rules';
import {
  WIZARD_STORAGE_KEY,
  clearWizardSnapshot,
  loadWizardSnapshot,
  saveWizardSnapshot,
} from '../../../src/services/wizard-persistence';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('wizard persistence (session storage)', () => {
  it('round-trips a snapshot through session storage only', () => {
    expect(saveWizardSnapshot({ value: { steps: 'situation' } })).toBe(true);
    expect(loadWizardSnapshot()).toEqual({ value: { steps: 'situation' } });
    expect(sessionStorage.getItem(WIZARD_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.length).toBe(0);
    clearWizardSnapshot();
    expect(loadWizardSnapshot()).toBeUndefined();
  });

  it('ignores corrupt or oversized stored values and refuses to store oversized ones', () => {
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{not json');
    expect(loadWizardSnapshot()).toBeUndefined();
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify('x'.repeat(WIZARD_SNAPSHOT_MAX_CHARS)));
    expect(loadWizardSnapshot()).toBeUndefined();
    expect(saveWizardSnapshot({ big: 'x'.repeat(WIZARD_SNAPSHOT_MAX_CHARS) })).toBe(false);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(saveWizardSnapshot(circular)).toBe(false);
  });
});
