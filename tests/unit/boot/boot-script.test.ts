// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BOOT_MODULES_ID, BOOT_SCRIPT, bootModules, bootTags } from '../../../src/boot/boot-script';

describe('boot script tags', () => {
  it('carries the module list the boot script reads, entry first', () => {
    const modules = ['/assets/index-a1.js', '/assets/home-page-b2.js'];
    const html = `<body><div id="root"></div>${bootTags(modules)}</body>`;
    expect(bootModules(html)).toEqual(modules);
    expect(BOOT_SCRIPT).toContain(`getElementById("${BOOT_MODULES_ID}")`);
  });

  it('never lets a module URL close the script element', () => {
    const tags = bootTags(['/assets/x</script><script>alert(1)</script>.js']);
    expect(tags.match(/<\/script>/g)).toHaveLength(2);
    expect(bootModules(tags)).toEqual(['/assets/x</script><script>alert(1)</script>.js']);
  });

  it('finds no modules in a page without the tags', () => {
    expect(bootModules('<html><body><p>Hola</p></body></html>')).toEqual([]);
  });
});
