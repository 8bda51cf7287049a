// Apart from portrait.tsx so that an island page's script does not load React.

/** Portrait's fallback swap for a server-rendered portrait on an island page. */
export function enhancePortrait(image: HTMLImageElement) {
  const placeholder = image.dataset.placeholder;
  if (!placeholder) return;
  const fall = () => {
    if (image.dataset.fallback) return;
    image.dataset.fallback = "true";
    image.src = placeholder;
  };
  if (image.complete && image.naturalWidth === 0) fall();
  else image.addEventListener("error", fall, { once: true });
}
