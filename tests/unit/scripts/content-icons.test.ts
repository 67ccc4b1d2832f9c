import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentIconSprite, SPRITE_FILE } from '../../../scripts/content-icons';
import { CONTENT_ICON_SOURCES } from '../../../src/ui/content-icon-sources';

describe('content icon sprite', () => {
  it('is the one `npm run icons:sprite` writes (run it after changing an icon)', () => {
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(contentIconSprite());
  });

  it('has one drawn symbol per icon name the content can use', () => {
    const sprite = readFileSync(SPRITE_FILE, 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(ids.map(([, id]) => id).sort()).toEqual(Object.keys(CONTENT_ICON_SOURCES).sort());
    for (const [, id, shapes] of ids) expect(shapes, id).toMatch(/<(path|circle|rect|line|polyline)\b/);
  });
});
