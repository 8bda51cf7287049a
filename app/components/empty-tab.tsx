import type { ReactNode } from "react";

/** A dashboard tab whose content has not arrived yet says so plainly. */
export function EmptyTab({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">{title}</h1>
        <p className="text-text-muted">{intro}</p>
      </header>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-border p-8" role="status">
        {children}
      </div>
    </div>
  );
}
