/**
 * An illustration below the first screen (a WebP drawn by npm run images:raster): its intrinsic
 * size reserves the box (no layout shift) and the browser fetches and decodes it only when needed.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
}) {
  return <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />;
}
