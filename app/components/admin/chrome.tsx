import { classes } from "~/lib/classes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "~/components/shell/logo";
import { LogoutForm } from "~/components/shell/logout-form";
import { TabNav } from "~/components/shell/tab-nav";

// The back-office's own frame (decision 0071): a compact sticky header and a
// sidebar of sections beside the page, made for a working day at 1366 px. No
// marketing navbar, no newsletter footer. On a phone the sections are one row
// that scrolls sideways under the header. All links and one form: it works
// without JavaScript.

/** A section of the back-office: a link in its navigation. */
type BackOfficeSection = { readonly label: string; readonly to: string; readonly end: boolean };

type BackOfficeStaff = { name: string; email: string };

const headerLink =
  "rounded-lg px-2.5 py-1.5 text-sm font-medium text-text-muted hover:bg-surface-raised hover:text-text";

function BackOfficeHeader({ staff }: { staff: BackOfficeStaff }) {
  return (
    <header
      data-sticky-top=""
      className="sticky top-0 z-40 border-b border-border bg-canvas/95 backdrop-blur-md"
      data-testid="back-office-header"
    >
      <a
        href="#main"
        className={classes(
          "sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-3 focus:z-50",
          "focus:rounded-full focus:bg-text focus:px-4 focus:py-2 focus:text-canvas",
        )}
      >
        Skip to content
      </a>
      <div className="flex h-14 items-center gap-3 px-4 lg:px-6">
        <Link to="/admin" className="flex shrink-0 items-center gap-2 text-text">
          <LogoMark />
          <span className="font-display text-sm font-semibold tracking-tight">
            Ascendra <span className="font-normal text-text-muted">Back-office</span>
          </span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <p className="hidden min-w-0 text-right text-sm md:block" data-testid="back-office-staff">
            <span className="block truncate font-medium">{staff.name}</span>
            <span className="block truncate text-xs text-text-muted">{staff.email}</span>
          </p>
          <span className="mx-1 hidden h-6 w-px bg-border md:block" aria-hidden="true" />
          <Link to="/" className={headerLink}>
            <span className="sm:hidden">Site</span>
            <span className="hidden sm:inline">View the site</span>
          </Link>
          <LogoutForm buttonClassName={headerLink} />
        </div>
      </div>
    </header>
  );
}

/** The back-office around a page: header, sections (with what waits behind them), content. */
export function BackOfficeChrome({
  sections,
  staff,
  badges,
  children,
}: {
  sections: readonly BackOfficeSection[];
  staff: BackOfficeStaff;
  badges: Readonly<Record<string, number>>;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col" data-testid="back-office">
      <BackOfficeHeader staff={staff} />
      <div className="grid flex-1 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <aside className="min-w-0 border-b border-border bg-surface/60 px-4 py-2 lg:border-r lg:border-b-0 lg:px-3 lg:py-5">
          <div className="lg:sticky lg:top-[4.75rem]">
            <p
              className="truncate px-1 pb-2 text-sm font-medium md:hidden"
              data-testid="back-office-staff-narrow"
            >
              {staff.name}
            </p>
            <TabNav label="Back-office" tabs={sections} badges={badges} bleed={false} dense />
          </div>
        </aside>
        <main id="main" className="flex min-w-0 flex-col gap-6 px-4 py-6 lg:px-8 lg:py-7">
          {children}
        </main>
      </div>
    </div>
  );
}
