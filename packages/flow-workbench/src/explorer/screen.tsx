/** A QA screenshot as a thumbnail that opens at full size in a dialog (the selected state's, the chart of changes'). */
import { useRef, useState, type ReactNode } from 'react';

export function Screen({
  src,
  alt,
  width,
  caption = `${width} px`,
  label = `Ampliar la captura a ${width} px`,
}: {
  src: string;
  alt: string;
  width: number;
  caption?: ReactNode;
  /** The button's name: it must tell this thumbnail from the others beside it. */
  label?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <figure>
      <button
        type="button"
        className="screen-thumb"
        aria-label={label}
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        <img src={src} alt={alt} loading="lazy" />
      </button>
      <figcaption>{caption}</figcaption>
      <dialog ref={dialog} className="screen-dialog" aria-label={alt} onClose={() => setOpen(false)}>
        <form method="dialog">
          <button type="submit" autoFocus>
            Cerrar
          </button>
        </form>
        {open ? <img src={src} alt={alt} /> : null}
      </dialog>
    </figure>
  );
}
