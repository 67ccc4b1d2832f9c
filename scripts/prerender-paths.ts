/** Output file for a route path: "/" -> index.html, "/a.html" -> a.html, "/a/b" -> a/b/index.html. */
export function fileForPath(routePath: string): string {
  if (routePath === '/') return 'index.html';
  const clean = routePath.replace(/^\/+/, '');
  return clean.endsWith('.html') ? clean : `${clean}/index.html`;
}
