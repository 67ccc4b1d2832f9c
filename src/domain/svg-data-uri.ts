/**
 * An SVG as a data URI for a double-quoted attribute. Only what would end the attribute or break
 * the URL is percent-encoded: shorter than base64, and it compresses with the rest of the page.
 */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${svg.trim().replace(/[%#&<>"\t\r\n]/g, (c) => encodeURIComponent(c))}`;
}
