export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.08" />
      <path d="M14 48 32 14l18 34h-9.5L32 31l-8.5 17z" fill="currentColor" />
      <circle cx="47" cy="17" r="5" fill="var(--color-yellow)" />
    </svg>
  );
}
