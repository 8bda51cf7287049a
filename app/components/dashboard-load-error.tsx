import { PROJECT_API_ERRORS } from "~models/projects/api-errors";
import { LoadError } from "~/components/load-error";

// Apart from load-error.tsx so that Manage account's pages do not load the
// project constants.

/** The dashboard's load error (docs/product.md, "Dashboard"). */
export function DashboardLoadError() {
  return (
    <LoadError
      area="dashboard"
      detail={PROJECT_API_ERRORS.fetchStats}
      back={{ to: "/dashboard2", label: "Back to Dashboard" }}
    />
  );
}
