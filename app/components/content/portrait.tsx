import { useEffect, useRef, useState, type CSSProperties } from "react";

/**
 * A team portrait that falls back to `placeholder` when it cannot be loaded.
 * With JavaScript the image is swapped for the placeholder (also when it
 * failed before hydration, which fires no onError for React). Without,
 * CSS paints the placeholder over a broken image (.portrait img::after: only
 * an image that failed to load renders pseudo-elements). On an island page
 * the page's script does the swap (`enhancePortrait` in ./enhance-portrait.ts, decision 0045).
 */
export function Portrait({
  src,
  alt,
  placeholder,
  size = 480,
}: {
  src: string;
  alt: string;
  placeholder: string;
  size?: number;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <span className="portrait" style={{ "--placeholder": `url("${placeholder}")` } as CSSProperties}>
      <img
        ref={ref}
        src={failed ? placeholder : src}
        alt={alt}
        width={size}
        height={size}
        decoding="async"
        data-fallback={failed ? "true" : undefined}
        data-placeholder={placeholder}
        onError={() => setFailed(true)}
      />
    </span>
  );
}
