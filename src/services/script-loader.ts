/** Loads an external script once; rejects when it fails or takes longer than the timeout. */
const pending = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = 15000): Promise<void> {
  const existing = pending.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(new Error(`Tiempo agotado cargando ${src}`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      pending.delete(src);
      script.remove();
      reject(error);
    }
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`No se pudo cargar ${src}`));
    document.head.appendChild(script);
  });
  pending.set(src, promise);
  return promise;
}
