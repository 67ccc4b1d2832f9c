/**
 * A post's illustration, a phone with a chat in the post's colour, drawn inline. As an image
 * (a file, or even a data URI) Chromium builds a separate document to draw it, and as a file it
 * arrived a round trip after the HTML; inline it is a few shapes painted with the text.
 */
export function PostIllustration({
  accent,
  label,
  className,
}: {
  accent: string;
  /** The text alternative; without one the drawing is decoration (the card's title says it all). */
  label?: string;
  className: string;
}) {
  const bubble = (x: number, y: number, width: number, fill: string) => (
    <rect x={x} y={y} width={width} height="28" rx="14" fill={fill} />
  );
  return (
    <svg
      className={className}
      viewBox="0 0 960 480"
      width="960"
      height="480"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <rect width="960" height="480" fill="#f3f7f5" />
      <circle cx="760" cy="120" r="160" fill={accent} opacity=".25" />
      <rect x="380" y="60" width="200" height="360" rx="28" fill="#1d2a26" />
      <rect x="394" y="84" width="172" height="312" rx="12" fill="#fff" />
      {bubble(410, 110, 120, accent)}
      {bubble(430, 160, 120, '#e3ebe7')}
      {bubble(410, 210, 140, accent)}
      {bubble(430, 260, 100, '#e3ebe7')}
    </svg>
  );
}
