import type { CSSProperties } from "react";
import { ROTATING_WORD_INTERVAL_MS, ROTATING_WORD_STEP_PX } from "~/lib/motion";

/**
 * A word list that steps up one word every interval, in CSS only (see
 * .rotating-words in app.css). Screen readers get the list once, not the motion.
 */
export function RotatingWords({ words }: { words: string[] }) {
  const style = {
    "--word-step": `${ROTATING_WORD_STEP_PX}px`,
    "--word-interval": `${ROTATING_WORD_INTERVAL_MS}ms`,
    "--word-count": words.length,
  } as CSSProperties;
  return (
    <>
      <span
        className="rotating-words font-display text-xs font-medium tracking-wide text-text-muted uppercase"
        style={style}
        aria-hidden="true"
        data-testid="rotating-words"
      >
        <span className="rotating-words__track">
          {words.map((word) => (
            <span key={word}>{word}</span>
          ))}
        </span>
      </span>
      <span className="sr-only">{words.join(", ")}</span>
    </>
  );
}
